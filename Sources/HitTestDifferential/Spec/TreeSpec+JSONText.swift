import HitTestCore

// A readable, JSON-like dump of a spec for reproductions: one view a line, nested by indentation,
// only the attributes that differ from UIKit's defaults.

extension TreeSpec {
    /// The forest as nested JSON-like text.
    public var jsonText: String {
        var children: [[Int]] = Array(repeating: [], count: nodes.count)
        var roots: [Int] = []
        for (index, node) in nodes.enumerated() {
            if let parent = node.parent { children[parent].append(index) } else { roots.append(index) }
        }
        var lines: [String] = []
        // Iterative depth-first walk, so that very deep specs print too.
        var pending: [(key: Int, depth: Int)] = roots.reversed().map { ($0, 0) }
        while let (key, depth) = pending.popLast() {
            let indent = String(repeating: "  ", count: depth + 1)
            lines.append(indent + nodes[key].jsonLine(key: key))
            pending.append(contentsOf: children[key].reversed().map { ($0, depth + 1) })
        }
        return lines.joined(separator: "\n")
    }
}

extension NodeSpec {
    func jsonLine(key: Int) -> String {
        var fields = ["\"key\": \(key)"]
        if parent == nil { fields.append(isWindow ? "\"window\": true, \"level\": \(windowLevel)" : "\"detached\": true") }
        fields.append(contentsOf: attributes.jsonFields)
        return "{" + fields.joined(separator: ", ") + "}"
    }
}

extension ViewAttributes {
    /// `"name": value` for each attribute not at its default.
    public var jsonFields: [String] {
        let defaults = ViewAttributes()
        var fields = ["\"center\": [\(center.x), \(center.y)]",
                      "\"bounds\": [\(bounds.origin.x), \(bounds.origin.y), \(bounds.size.width), \(bounds.size.height)]"]
        if transform != defaults.transform {
            fields.append("\"transform\": [\(transform.a), \(transform.b), \(transform.c), \(transform.d), \(transform.tx), \(transform.ty)]")
        }
        if anchorPoint != defaults.anchorPoint { fields.append("\"anchorPoint\": [\(anchorPoint.x), \(anchorPoint.y)]") }
        if isHidden { fields.append("\"hidden\": true") }
        if !(alpha == 1) { fields.append("\"alpha\": \(alpha)") }
        if !isUserInteractionEnabled { fields.append("\"userInteractionEnabled\": false") }
        if passThrough { fields.append("\"passThrough\": true") }
        if hitsOutsideBounds { fields.append("\"hitsOutsideBounds\": true") }
        if redirectsToSuperview { fields.append("\"redirectsToSuperview\": true") }
        if hitTestInsets != defaults.hitTestInsets {
            let i = hitTestInsets
            fields.append("\"hitTestInsets\": [\(i.top), \(i.left), \(i.bottom), \(i.right)]")
        }
        if minimumHitSize != defaults.minimumHitSize {
            fields.append("\"minimumHitSize\": [\(minimumHitSize.width), \(minimumHitSize.height)]")
        }
        if case .containedIn(let r)? = pointInsideRule {
            fields.append("\"pointInside\": {\"containedIn\": [\(r.origin.x), \(r.origin.y), \(r.size.width), \(r.size.height)]}")
        }
        switch hitTestRule {
        case nil: break
        case .defaultHitTest?: fields.append("\"hitTest\": \"default\"")
        case .fixed(let key)?: fields.append("\"hitTest\": {\"answer\": \(key)}")
        case .noAnswer?: fields.append("\"hitTest\": \"noAnswer\"")
        }
        return fields
    }
}
