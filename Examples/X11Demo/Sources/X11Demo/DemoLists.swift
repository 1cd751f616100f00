import HitKit

/// Two lists for context menus and drag and drop (Behaviour A11): a long press (or a right click,
/// or the Menu key) on a row opens a menu that the demo draws where its configuration's item frames
/// say; rows of the left list also drag, and dropping one on the right list copies it there, the
/// right list scrolling by itself while a drag stays near its edges.
///
/// The left rows carry a menu and a drag: once their menu is shown, moving the finger more than
/// 10 points turns it into a drag (as UIKit's does), so items are picked by a second press. The
/// right rows carry a menu only, so sliding the finger onto an item and lifting picks it.
final class DemoLists {
    // Between the double-tap target and the wheel list, clear of where the pan and the photo
    // checks take the draggable view and the photo.
    static let leftFrame = Rect(x: 342, y: 165, width: 65, height: 225)
    static let rightFrame = Rect(x: 412, y: 165, width: 65, height: 225)
    static let rowHeight = 30.0
    /// An item of a drawn menu.
    static let itemSize = Size(width: 120, height: 26)

    let left: ScrollView
    let right: ScrollView
    private(set) var leftRows: [ListRow] = []
    private(set) var rightRows: [ListRow] = []
    private let log: DeliveryLog
    private let window: Window
    /// The delegates the interactions hold weakly.
    private var menus: [RowMenu] = []
    private var drags: [RowDrag] = []
    private let drop: ListDrop
    private let rightScroll: ListOffsets
    /// Whether a drag session is over the right list (drawn highlighted).
    var dropTargeted = false

    init(app: Application, window: Window, log: DeliveryLog) {
        self.log = log
        self.window = window
        left = ScrollView(frame: Self.leftFrame, in: app)
        right = ScrollView(frame: Self.rightFrame, in: app)
        drop = ListDrop(log: log)
        rightScroll = ListOffsets(name: "rightList", log: log)
        for list in [left, right] {
            list.clipsToBounds = true
            list.delaysContentTouches = false
            window.addSubview(list)
        }
        right.autoscrollsDuringDrag = true
        right.delegate = rightScroll
        for index in 0..<8 { addRow("L\(index)", to: left, draggable: true) }
        // Taller than the list, so a drag near its edges scrolls it.
        for index in 0..<14 { addRow("R\(index)", to: right, draggable: false) }
        drop.lists = self
        try? right.addInteraction(DropInteraction(delegate: drop))
    }

    /// The views by name for the script, beside the scene's (window coordinates).
    var layout: [(name: String, frame: Rect)] {
        [("leftList", left.frame), ("rightList", right.frame)]
    }

    /// Adds a row at `index` (default: the end); its menu, and for the left list its drag.
    @discardableResult
    func addRow(_ name: String, to list: ScrollView, draggable: Bool, fill: Colour? = nil, at index: Int? = nil) -> ListRow {
        let count = list === left ? leftRows.count : rightRows.count
        let row = ListRow(frame: .zero, in: list.application!)
        row.name = name
        row.label = name
        row.fill = fill ?? (count.isMultiple(of: 2) ? .listRowEven : .listRowOdd)
        list.addSubview(row)
        let menu = RowMenu(row: row, lists: self, log: log)
        menus.append(menu)
        try? row.addInteraction(ContextMenuInteraction(delegate: menu))
        if draggable {
            let drag = RowDrag(row: row, log: log)
            drags.append(drag)
            try? row.addInteraction(DragInteraction(delegate: drag))
        }
        if list === left {
            leftRows.insert(row, at: min(index ?? count, count))
        } else {
            rightRows.insert(row, at: min(index ?? count, count))
        }
        layOut(list)
        return row
    }

    /// Stacks a list's rows from the top and sizes its content to them.
    private func layOut(_ list: ScrollView) {
        let rows = list === left ? leftRows : rightRows
        for (position, row) in rows.enumerated() {
            row.frame = Rect(x: 0, y: Self.rowHeight * Double(position), width: list.bounds.width, height: Self.rowHeight)
        }
        list.contentSize = Size(width: list.bounds.width, height: Self.rowHeight * Double(rows.count))
    }

    func remove(_ row: ListRow) {
        guard let index = rightRows.firstIndex(where: { $0 === row }) else { return }
        rightRows.remove(at: index)
        row.removeFromSuperview()
        layOut(right)
    }

    /// A copy of `name` in the right list: at the row under `location` (right-list coordinates),
    /// or at the top, shown.
    func copyToRight(_ name: String, at location: Point? = nil) {
        let index = location.map { max(0, Int(($0.y / Self.rowHeight).rounded(.down))) } ?? 0
        let row = addRow("\(name)+", to: right, draggable: false, fill: .listRowDropped, at: index)
        if location == nil { right.contentOffset = .zero }
        log.write("rightList row \(row.name) at \(min(index, rightRows.count - 1)) of \(rightRows.count)")
    }

    func isRightRow(_ row: ListRow) -> Bool { rightRows.contains { $0 === row } }

    /// Where the menu of a row pressed at `location` (row coordinates) shows its items: from just
    /// below and right of the press, kept inside the window.
    func itemFrames(for row: ListRow, at location: Point, count: Int) -> [Rect] {
        let point = row.convert(location, to: window)
        let size = Self.itemSize
        var origin = Point(x: point.x + 6, y: point.y + 6)
        if origin.x + size.width > window.bounds.width { origin.x = point.x - 6 - size.width }
        let height = size.height * Double(count)
        if origin.y + height > window.bounds.height { origin.y = window.bounds.height - height - 2 }
        return (0..<count).map { Rect(x: origin.x, y: origin.y + size.height * Double($0), width: size.width, height: size.height) }
    }
}

/// A row: a swatch with a name the log uses.
final class ListRow: SwatchView {
    var name = ""
}

/// A row's menu: Copy to the right list and a disabled Delete for the left rows; Mark, Remove
/// and a disabled Rename for the right rows. Items are handlers (the demo's own code).
final class RowMenu: ContextMenuInteractionDelegate {
    unowned let row: ListRow
    unowned let lists: DemoLists
    let log: DeliveryLog

    init(row: ListRow, lists: DemoLists, log: DeliveryLog) {
        self.row = row
        self.lists = lists
        self.log = log
    }

    func contextMenuInteraction(_ interaction: ContextMenuInteraction, configurationForMenuAt location: Point) -> ContextMenuConfiguration? {
        let names: [(String, Bool)] = lists.isRightRow(row) ? [("Mark", true), ("Remove", true), ("Rename", false)]
                                                            : [("Copy", true), ("Delete", false)]
        let frames = lists.itemFrames(for: row, at: location, count: names.count)
        var items: [ContextMenuConfiguration.Item] = []
        for ((name, enabled), frame) in zip(names, frames) {
            if let item = try? ContextMenuConfiguration.Item(identifier: name, frame: frame, isEnabled: enabled,
                                                             handler: { [weak self] item in self?.perform(item) }) {
                items.append(item)
            }
        }
        return ContextMenuConfiguration(items: items)
    }

    private func perform(_ item: ContextMenuConfiguration.Item) {
        log.write("menu perform \(item.identifier) \(row.name)")
        switch item.identifier {
        case "Copy": lists.copyToRight(row.name)
        case "Mark": row.fill = row.fill == .listRowMarked ? .listRowEven : .listRowMarked
        case "Remove": lists.remove(row)
        default: break
        }
    }

    func contextMenuInteraction(_ interaction: ContextMenuInteraction, willDisplayMenuFor configuration: ContextMenuConfiguration) {
        log.write("menu willDisplay \(row.name)")
        for item in configuration.items {
            let frame = item.frame
            log.write("menu item \(item.identifier) \(Int(frame.minX)) \(Int(frame.minY)) \(Int(frame.width)) \(Int(frame.height))")
        }
    }

    func contextMenuInteraction(_ interaction: ContextMenuInteraction, willEndFor configuration: ContextMenuConfiguration) {
        log.write("menu willEnd \(row.name)")
    }

    func contextMenuInteraction(_ interaction: ContextMenuInteraction, didHighlight item: ContextMenuConfiguration.Item) {
        log.write("menu highlight \(item.identifier)")
    }
}

/// A left row's drag: the row's name as its item.
final class RowDrag: DragInteractionDelegate {
    unowned let row: ListRow
    let log: DeliveryLog

    init(row: ListRow, log: DeliveryLog) {
        self.row = row
        self.log = log
    }

    func dragInteraction(_ interaction: DragInteraction, itemsForBeginning session: DragSession) -> [DragItem] {
        [DragItem(row.name)]
    }

    func dragInteraction(_ interaction: DragInteraction, willLiftFor session: DragSession) { log.write("drag lift \(row.name)") }
    func dragInteraction(_ interaction: DragInteraction, sessionWillBegin session: DragSession) {
        log.write("drag sessionWillBegin \(row.name)")
    }
    func dragInteraction(_ interaction: DragInteraction, session: DragSession, didEndWith operation: DropOperation) {
        log.write("drag didEnd \(operation) \(row.name)")
    }
}

/// The right list's drop: copies the dragged rows there.
final class ListDrop: DropInteractionDelegate {
    weak var lists: DemoLists?
    let log: DeliveryLog

    init(log: DeliveryLog) {
        self.log = log
    }

    func dropInteraction(_ interaction: DropInteraction, sessionDidEnter session: DragSession) {
        lists?.dropTargeted = true
        log.write("drop enter rightList")
    }

    func dropInteraction(_ interaction: DropInteraction, sessionDidUpdate session: DragSession) -> DropProposal { .copy }

    func dropInteraction(_ interaction: DropInteraction, sessionDidExit session: DragSession) {
        lists?.dropTargeted = false
        log.write("drop exit rightList")
    }

    func dropInteraction(_ interaction: DropInteraction, performDrop session: DragSession) {
        lists?.dropTargeted = false
        guard let lists else { return }
        for item in session.items {
            log.write("drop performDrop rightList \(item.name)")
            lists.copyToRight(item.name, at: session.location(in: lists.right))
        }
    }
}

/// The right list's scroll delegate: each offset (`rightList contentOffset 0,30`), which shows
/// the autoscroll.
final class ListOffsets: ScrollViewDelegate {
    let name: String
    let log: DeliveryLog

    init(name: String, log: DeliveryLog) {
        self.name = name
        self.log = log
    }

    func scrollViewDidScroll(_ scrollView: ScrollView) {
        let offset = scrollView.contentOffset
        log.write("\(name) contentOffset \(Int(offset.x.rounded())),\(Int(offset.y.rounded()))")
    }
}

extension DemoLists {
    /// What HitKit leaves to the host to draw (Behaviour A11): the open menu from its item frames,
    /// the dragged row under the session's location, and the right list outlined while a session
    /// is over it.
    func drawOverlay(on surface: X11Surface, in window: Window, app: Application) {
        if dropTargeted {
            let frame = right.frame
            let x = Int32(frame.minX), y = Int32(frame.minY), w = Int32(frame.width), h = Int32(frame.height)
            surface.fill(x - 3, y - 3, w + 6, 3, .dropTarget)
            surface.fill(x - 3, y + h, w + 6, 3, .dropTarget)
            surface.fill(x - 3, y, 3, h, .dropTarget)
            surface.fill(x + w, y, 3, h, .dropTarget)
        }
        for session in app.dragSessions where session.hasBegun {
            let at = session.location(in: window)
            surface.fill(Int32(at.x) - 40, Int32(at.y) - 12, 80, 24, .dragPreview)
            surface.text(session.items.first?.name ?? "", x: Int32(at.x) - 34, y: Int32(at.y) + 4, .label)
        }
        guard let open = app.openContextMenu?.openMenu else { return }
        for item in open.configuration.items {
            let frame = item.frame
            let colour: Colour = !item.isEnabled ? .menuItemDisabled
                : open.highlightedItem?.identifier == item.identifier ? .menuItemHighlighted : .menuItem
            surface.fill(Int32(frame.minX), Int32(frame.minY), Int32(frame.width), Int32(frame.height) - 1, colour)
            surface.text(item.identifier, x: Int32(frame.minX) + 6, y: Int32(frame.minY) + 17, .label)
        }
    }
}
