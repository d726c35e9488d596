/// The key-view loop ibtool archives (`NSNextKeyView`) for a tab view's selected item: tab view
/// → item view → every view under it, depth first (a view, then what is inside it) → back to
/// the tab view.
///
/// | Step | Rule | Evidence |
/// |---|---|---|
/// | sibling order | two views that overlap vertically by more than 3/32 of the shorter one's height and differ in x: the smaller x first; otherwise the higher one (greater y) first. Overlaps from 3/32 (AVRFuses: not a row) up to 3/18 (nkv_overlap: a row) are refused when the two readings disagree | nkv_overlap; scribendi MarkupTagsController (3 loops, 117 views) and PreferencesController (keyed archives, same order); AVRFuses ×2 |
/// | equal x, overlapping | the higher one first | one pair of buttons in MarkupTagsController |
/// | `<view>`, `<customView>` | the view, then its subviews | nkv_overlap |
/// | `<box>` | the box, its content view, the content's subviews | PreferencesController, AVRFuses (keyed) |
/// | `<scrollView>` | scroll view → horizontal scroller (→ nil); clip → document (as always); document → vertical scroller → the next view | tabview_scrollview_chain only |
/// | other views | a leaf | nkv_overlap (buttons, pop-up), scribendi (text fields, matrix) |
///
/// The overlap threshold: AVRFuses (keyed) puts a 32-point push button at {422, 32} before the
/// row at y 3 that it overlaps by 3 points (3/32 of its height), while nkv_overlap's 18-point
/// button overlapping a pop-up by 3 points (3/18) goes by x. A fraction of the shorter height
/// fits both; where between the two the threshold lies (or whether ibtool compares alignment
/// rects instead) no pair tells, so the band is refused when it matters.
///
/// Explicit `nextKeyView` outlets inside the loop do not change it: they stay outlet
/// connectors, and `NSNextKeyView` still follows the geometric order (scribendi
/// MarkupTagsController: ~150 outlets, e.g. outlet #365 → #372 while the archive links
/// #365 → #369).
///
/// Refused, because no pair shows them or the pairs disagree: sibling orders the pairwise rule
/// leaves ambiguous (a cycle, equal frames, or an overlap in the unknown band), hidden views, scroll views other than a hidden
/// horizontal and a visible vertical scroller around a document view without subviews, split,
/// stack, tab and table views, and a selected item view without subviews.
enum AppKitKeyViewLoopRule {
    /// A view's frame in its superview's (unflipped) coordinates.
    struct Frame: Equatable {
        var x: Double
        var y: Double
        var width: Double
        var height: Double
    }

    /// The largest vertical overlap, as a fraction of the shorter view's height, known not to put
    /// two views in one row: 3 of 32 points (AVRFuses, both pairs, twice each: a "Choose…" push
    /// button at {422, 32, 100, 32} comes before the "Program" button at {276, 3, 82, 32}).
    static let ignoredOverlap = 3.0 / 32
    /// The smallest such fraction known to put them in one row: 3 of 18 points (nkv_overlap: the
    /// 18-point button C at {20, 230} comes before the pop-up B at {260, 245, 80, 25}).
    static let rowOverlap = 3.0 / 18

    /// Whether `a` comes before `b` in the loop: `nil` when the rule does not decide (equal
    /// frames, or an overlap between ``ignoredOverlap`` and ``rowOverlap`` where the two
    /// readings disagree).
    static func before(_ a: Frame, _ b: Frame) -> Bool? {
        let overlap = min(a.y + a.height, b.y + b.height) - max(a.y, b.y)
        let shorter = min(a.height, b.height)
        let fraction = overlap > 0 && shorter > 0 ? overlap / shorter : 0
        let byRow = vertical(a, b)
        guard fraction > ignoredOverlap, a.x != b.x else { return byRow }
        if fraction >= rowOverlap { return a.x < b.x }
        return byRow == (a.x < b.x) ? byRow : nil
    }

    /// The higher one first (greater y, then greater top); `nil` for equal frames' rows.
    private static func vertical(_ a: Frame, _ b: Frame) -> Bool? {
        if a.y != b.y { return a.y > b.y }
        let aTop = a.y + a.height
        let bTop = b.y + b.height
        if aTop != bTop { return aTop > bTop }
        return nil
    }

    /// The indices of `frames` in loop order, or `nil` when the pairwise rule does not give one
    /// order (some pair undecided, or a cycle).
    static func order(_ frames: [Frame]) -> [Int]? {
        var sorted: [Int] = []
        sorted.reserveCapacity(frames.count)
        for index in frames.indices {
            var position = sorted.count
            while position > 0, before(frames[index], frames[sorted[position - 1]]) == true { position -= 1 }
            sorted.insert(index, at: position)
        }
        // Every pair must agree with the order, or the result would depend on the sort.
        for (i, first) in sorted.enumerated() {
            for second in sorted[(i + 1)...] where before(frames[first], frames[second]) != true { return nil }
        }
        return sorted
    }

    /// Writes the loop of `itemView` (the selected item's `<view key="view">`, already
    /// compiled) into the archived views: `tabView` → item view → … → `tabView`.
    static func link(itemView: SourceElement, tabView: ArchivedObject, context: AppKitContext) throws(CompileError) {
        let first = try Loop.object(for: itemView, context: context)
        tabView.replace("NSNextKeyView", .object(first))
        var loop = Loop(context: context, tail: first)
        let subviews = itemView.child("subviews")?.children ?? []
        guard !subviews.isEmpty else {
            throw context.error(
                .unsupportedElement, itemView,
                "the key-view loop of a tab view item without subviews is not modelled")
        }
        try loop.visit(subviews, in: itemView)
        loop.tail.replace("NSNextKeyView", .object(tabView))
    }

    /// The walk: `tail` is the view whose next key view is the next one visited.
    private struct Loop {
        let context: AppKitContext
        var tail: ArchivedObject

        func object(for element: SourceElement) throws(CompileError) -> ArchivedObject {
            try Self.object(for: element, context: context)
        }

        /// The compiled view for `element`, refusing what the loop rule does not cover.
        static func object(for element: SourceElement, context: AppKitContext) throws(CompileError) -> ArchivedObject {
            if element.flag("hidden") {
                try context.unmodelled(
                    .unsupportedElement, element, "a hidden view in a key-view loop is not modelled")
            }
            if let id = element["id"], let object = context.objectsByID[id] { return object }
            // A view without an id (an older document's box content view) is found by its element.
            guard element["id"] == nil, let object = context.viewsBySourceElement[ObjectIdentifier(element)] else {
                throw context.error(.invalidSource, element, "a view in a key-view loop needs an id")
            }
            return object
        }

        func frame(of element: SourceElement) throws(CompileError) -> Frame {
            guard let rect = element.child("rect", key: "frame") else {
                throw context.error(.invalidSource, element, "a view in a key-view loop needs a frame")
            }
            var values: [Double] = []
            for name in ["x", "y", "width", "height"] {
                guard let value = rect.number(name), value.isFinite else {
                    throw context.error(.invalidSource, rect, "the frame's \(name) must be a finite number")
                }
                values.append(value)
            }
            return Frame(x: values[0], y: values[1], width: values[2], height: values[3])
        }

        mutating func append(_ object: ArchivedObject) {
            tail.replace("NSNextKeyView", .object(object))
            tail = object
        }

        mutating func visit(_ siblings: [SourceElement], in parent: SourceElement) throws(CompileError) {
            var frames: [Frame] = []
            for sibling in siblings { frames.append(try frame(of: sibling)) }
            guard let order = AppKitKeyViewLoopRule.order(frames) else {
                throw context.error(
                    .unsupportedElement, parent,
                    "the key-view order of these subviews is ambiguous (overlapping or equal frames)")
            }
            for index in order {
                let element = siblings[index]
                append(try object(for: element))
                switch element.name {
                case "view", "customView":
                    if let subviews = element.child("subviews"), !subviews.children.isEmpty {
                        try visit(subviews.children, in: element)
                    }
                case "box":
                    if let content = element.child("view", key: "contentView") {
                        append(try object(for: content))
                        if let subviews = content.child("subviews"), !subviews.children.isEmpty {
                            try visit(subviews.children, in: content)
                        }
                    }
                case "scrollView":
                    try scrollView(element)
                case "splitView", "stackView", "tabView", "tableView", "outlineView":
                    try context.unmodelled(
                        .unsupportedElement, element, "a <\(element.name)> in a key-view loop is not modelled")
                default:
                    if element.child("subviews") != nil {
                        try context.unmodelled(
                            .unsupportedElement, element,
                            "a <\(element.name)> with subviews in a key-view loop is not modelled")
                    }
                }
            }
        }

        /// tabview_scrollview_chain: the scroll view leads to its hidden horizontal scroller,
        /// which ends there; the document leads to the vertical scroller, which continues.
        private mutating func scrollView(_ element: SourceElement) throws(CompileError) {
            let refuse = context.error(
                .unsupportedElement, element,
                "a scroll view in a key-view loop is supported only with a hidden horizontal scroller, a visible vertical scroller and a document view without subviews"
            )
            guard let horizontal = element.child("scroller", key: "horizontalScroller"), horizontal.flag("hidden"),
                let vertical = element.child("scroller", key: "verticalScroller"), !vertical.flag("hidden"),
                let clip = element.child("clipView", key: "contentView"),
                let documents = clip.child("subviews")?.children, documents.count == 1,
                let document = documents.first, ["view", "customView"].contains(document.name),
                document.child("subviews").map({ $0.children.isEmpty }) ?? true,
                element.child("tableHeaderView") == nil
            else { throw refuse }
            guard let horizontalID = horizontal["id"], let horizontalObject = context.objectsByID[horizontalID],
                let documentObject = try? object(for: document), let verticalObject = try? object(for: vertical)
            else { throw refuse }
            tail.replace("NSNextKeyView", .object(horizontalObject))
            horizontalObject.replace("NSNextKeyView", .null)
            documentObject.replace("NSNextKeyView", .object(verticalObject))
            tail = verticalObject
        }
    }
}
