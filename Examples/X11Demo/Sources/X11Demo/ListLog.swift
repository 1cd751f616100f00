import HitKit

/// The list's scroll view delegate: writes each content offset (`list contentOffset 0,40`) and
/// the start and end of the motion after a drag, so the log shows the list moving on after a
/// finger or the button lifts and then coming to rest.
final class ListLog: ScrollViewDelegate {
    private let log: DeliveryLog

    init(log: DeliveryLog) {
        self.log = log
    }

    func scrollViewDidScroll(_ scrollView: ScrollView) {
        let offset = scrollView.contentOffset
        log.write("list contentOffset \(Int(offset.x.rounded())),\(Int(offset.y.rounded()))")
    }

    func scrollViewWillBeginDecelerating(_ scrollView: ScrollView) {
        log.write("list willBeginDecelerating")
    }

    func scrollViewDidEndDecelerating(_ scrollView: ScrollView) {
        log.write("list didEndDecelerating")
    }
}
