/// `<textView>` → `NSTextView` with the text system objects it archives: an `NSTextContainer`
/// (as wide as the text view, minimum width 15), an `NSLayoutManager` and an empty
/// `NSTextStorage`, and the `NSTextViewSharedData` holding its flags and colors.
///
/// `NSTVFlags`: 0x86 | `horizontallyResizable` 1.
///
/// Shared data `NSFlags`, learned from test11_text_view_back, test12_text_view_border,
/// test13_clip_flags, test7_clipview and the two text views of IRIndexRecordWController:
///
/// | Bits | Source |
/// |---|---|
/// | `0x1` | `selectable` (absent: YES) |
/// | `0x100` | always (also with `selectable="NO"`: IRIndexRecordWController) |
/// | `0x2` | `editable` (absent: YES) |
/// | `0x4` | `richText` (absent: YES) |
/// | `0x8` | `importsGraphics` (absent: YES) |
/// | `0x20` | `usesFontPanel="YES"` |
/// | `0x40` | `usesRuler="YES"` |
/// | `0x200` | `smartInsertDelete="YES"` |
/// | `0x400` | `allowsUndo="YES"` |
/// | `0x800` | always |
/// | `0x2000` | `findStyle="panel"` |
/// | `0x4_0000` | `linkDetection="YES"` (textview_linkdetection) |
/// | `0x400_0000` | `spellingCorrection="YES"` |
///
/// | Shared data key | Source |
/// |---|---|
/// | `NSBackgroundColor` | `<color key="backgroundColor">`; calibrated white 1 archives as the catalog `textBackgroundColor` |
/// | `NSInsertionColor` | `<color key="insertionPointColor">`, else catalog `textInsertionPointColor` |
/// | `NSSelectedAttributes` | selectedTextBackgroundColor / selectedTextColor |
/// | `NSLinkAttributes` | linkColor, the pointing-hand cursor, single underline |
/// | `NSPreferredTextFinderStyle` | `findStyle`: none 0 (absent), panel 1, bar 2 |
///
/// `NSTextViewTextColor` is `<color key="textColor">`, else catalog `textColor` (none with an
/// attributed text storage). A `customClass` makes the view an `NSClassSwapper`.
///
/// Storyboards (the three pairs `sb_textview`, `sb_toolbar_colors_tv`,
/// `sb_tv_customclass`, all saved by Xcode 15, so storyboard and Xcode era cannot be told apart)
/// differ from the xib pairs:
///
/// | Key | Storyboard |
/// |---|---|
/// | `NSTextViewTextColor` | absent without `<color key="textColor">` |
/// | `NSMaxSize` | without `<size key="maxSize">`: the source frame size (before tiling) |
/// | `NSInsertionColor` | the catalog `textColor` archives as the default `textInsertionPointColor` (`sb_toolbar_colors_tv` only) |
/// | `NSFlags` | not the source's spelling-correction bit but the compiling Mac's text settings: `0x200_8000` on, `0x400_0000` off in two pairs; `sb_tv_customclass`, built on another Mac (its overlay scrollers show it), has `0x702_8B03` for the same attributes. Only the attributes these pairs use (source flags `0x400_0B03`) are accepted. |
enum AppKitTextViewRule {
    /// Storyboard text view shared-data flags: the seen source flags → what the Mac that built
    /// `sb_textview` and `sb_toolbar_colors_tv` archived.
    static let storyboardFlags: [Int: Int] = [0x400_0B03: 0x200_8B03]
    /// The text view attributes this rule reads.
    static let attributes: Set<String> = [
        "editable", "selectable", "importsGraphics", "richText", "horizontallyResizable", "verticallyResizable",
        "findStyle", "spellingCorrection", "smartInsertDelete", "usesFontPanel", "usesRuler", "allowsUndo",
        "linkDetection",
    ]
    /// `findStyle` → `NSPreferredTextFinderStyle`.
    static let findStyles: [String: Int] = ["none": 0, "panel": 1, "bar": 2]

    /// Whether `object` is an archived text view.
    static func isTextView(_ object: ArchivedObject) -> Bool { object.has("NSTVFlags") }

    /// The archived text view for `element`, the document view of the clip view `superview`.
    static func textView(
        _ element: SourceElement, superview: ArchivedObject?, parent: ArchivedObject, views: AppKitViewEncoder
    ) throws(CompileError) -> ArchivedObject {
        let context = views.context
        guard superview?.className == "NSClipView" else {
            throw context.error(
                .unsupportedElement, element, "a <textView> outside a clip view is not modelled")
        }
        let view = ArchivedObject("NSTextView")
        context.track(view, id: element["id"], parent: parent)
        let kind = AppKitViewEncoder.Kind(attributes: attributes, children: ["color", "size", "attributedString"])
        let parts = try views.encodeView(element, view, superview: superview, kind: kind)
        var colors: [String: ArchivedObject] = [:]
        var maxSize: [Double]?
        var attributedString: SourceElement?
        for part in parts {
            switch (part.name, part["key"]) {
            case ("color", "backgroundColor"):
                // IB's white text background is archived as the catalog color (test6_whitecolor,
                // test13_clip_flags, textview_attributedstring, textview_multiattr).
                if part["colorSpace"] == "calibratedWhite", part.number("white") == 1, part.number("alpha") ?? 1 == 1 {
                    colors["backgroundColor"] = try AppKitColorRule.catalogColor(
                        "textBackgroundColor", element: part, context: context)
                } else {
                    colors["backgroundColor"] = try AppKitColorRule.color(part, context: context)
                }
            case ("color", "insertionPointColor")
            where context.isStoryboard && part["catalog"] == "System" && part["name"] == "textColor":
                colors["insertionPointColor"] = try AppKitColorRule.catalogColor(
                    "textInsertionPointColor", element: part, context: context)
            case ("color", let key?) where key == "textColor" || key == "insertionPointColor":
                colors[key] = try AppKitColorRule.color(part, context: context)
            case ("attributedString", "textStorage"): attributedString = part
            case ("size", "minSize"): break
            case ("size", "maxSize"):
                guard let width = part.number("width"), let height = part.number("height"), width.isFinite,
                    height.isFinite
                else {
                    throw context.error(.invalidSource, part, "the maximum size needs a width and a height")
                }
                maxSize = [width, height]
            default:
                try context.unmodelled(
                    .unsupportedElement, part, "<\(part.name)> inside a <textView> is not modelled")
            }
        }
        let container = ArchivedObject("NSTextContainer")
        let layout = ArchivedObject("NSLayoutManager")
        let storage = ArchivedObject("NSTextStorage")
        let text = ArchivedObject("NSMutableString")
        if let attributedString {
            let (string, runs) = try self.runs(attributedString, context: context)
            text.set("NS.bytes", .data(Array(string.utf8)))
            storage.set("NSString", text)
            try encodeAttributes(runs, into: storage, element: attributedString, context: context)
        } else {
            text.set("NS.bytes", .data([]))
            storage.set("NSString", text)
        }
        storage.set("NSDelegate", .null)
        layout.set("NSTextStorage", storage)
        layout.set("NSTextContainers", .collection("NSMutableArray", [container]))
        layout.set("NSLMFlags", int: 102)
        layout.set("NSDelegate", .null)
        container.set("NSLayoutManager", layout)
        container.set("NSTextLayoutManager", .null)
        container.set("NSTextView", view)
        container.set("NSWidth", .float64(try ScrollViewRule.rect(element, context)[2]))
        container.set("NSMinWidth", .float64(15))
        container.set("NSTCFlags", int: 1)
        view.set("NSTextContainer", container)
        view.set("NSSharedData", try sharedData(element, colors: colors, context: context))
        view.set("NSTVFlags", int: 0x86 | (element.flag("horizontallyResizable") ? 1 : 0))
        if let maxSize {
            view.set("NSMaxSize", .string(AppKitContext.text(maxSize)))
        } else if context.isStoryboard {
            let frame = try ScrollViewRule.rect(element, context)
            view.set("NSMaxSize", .string(AppKitContext.text([frame[2], frame[3]])))
        }
        view.set("NSDelegate", .null)
        // A custom class swaps the class in (IRIndexRecordWController's IRRecordView).
        _ = try ControlRule.swapped(view, for: element, context: context)
        if let textColor = colors["textColor"] {
            view.set("NSTextViewTextColor", textColor)
        } else if attributedString == nil, !context.isStoryboard {
            view.set(
                "NSTextViewTextColor", try AppKitColorRule.catalogColor("textColor", element: element, context: context)
            )
        }
        return view
    }

    /// A run of text with the `<attributes>` of its `<fragment>` (nil: none).
    typealias Run = (text: String, attributes: SourceElement?)

    /// The text and fragments of `<attributedString key="textStorage">`.
    static func runs(_ element: SourceElement, context: AppKitContext) throws(CompileError) -> (String, [Run]) {
        var runs: [Run] = []
        for fragment in element.children {
            guard fragment.name == "fragment", let content = fragment["content"] else {
                throw context.error(
                    .unsupportedElement, fragment,
                    "only <fragment content=\"…\"> is supported inside an attributed string yet")
            }
            var attributes: SourceElement?
            for child in fragment.children {
                guard child.name == "attributes" else {
                    throw context.error(
                        .unsupportedElement, child, "<\(child.name)> inside a <fragment> is not modelled")
                }
                attributes = child
            }
            runs.append((content, attributes))
        }
        guard !runs.isEmpty else {
            throw context.error(.invalidSource, element, "the attributed string has no fragments")
        }
        return (runs.map(\.text).joined(), runs)
    }

    /// `NSAttributes` (one dictionary for a single run, else the distinct dictionaries) and
    /// `NSAttributeInfo` (UTF-16 run length and dictionary index per run, one byte each; longer
    /// runs and more dictionaries are not modelled). Every dictionary holds the text color
    /// (catalog `textColor`) and the font (12-point Helvetica unless the fragment names one),
    /// as textview_attributedstring and textview_multiattr archive them.
    static func encodeAttributes(
        _ runs: [Run], into storage: ArchivedObject, element: SourceElement, context: AppKitContext
    ) throws(CompileError) {
        var signatures: [String] = []
        var dictionaries: [ArchivedObject] = []
        var merged: [(length: Int, index: Int)] = []
        for run in runs {
            var font = AppKitFontRule.make(
                name: "Helvetica", size: 12, type: 0, textStyle: nil, usesAppearanceSize: false)
            var signature = "default"
            for attribute in run.attributes?.children ?? [] {
                guard attribute.name == "font", attribute["key"] == "NSFont" else {
                    throw context.error(
                        .unsupportedElement, attribute,
                        "text attribute <\(attribute.name)> is not modelled (only NSFont)")
                }
                font = try AppKitFontRule.font(attribute, context: context)
                signature = attribute.attributes.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(
                    separator: ";")
            }
            let index: Int
            if let known = signatures.firstIndex(of: signature) {
                index = known
            } else {
                index = signatures.count
                signatures.append(signature)
                dictionaries.append(
                    .dictionary(
                        "NSDictionary",
                        [
                            (
                                .string("NSColor"),
                                try AppKitColorRule.catalogColor("textColor", element: element, context: context)
                            ),
                            (.string("NSFont"), font),
                        ]))
            }
            // Adjacent fragments with equal attributes are one run, as NSAttributedString keeps them.
            if let last = merged.last, last.index == index {
                merged[merged.count - 1].length += run.text.utf16.count
            } else {
                merged.append((run.text.utf16.count, index))
            }
        }
        var info: [UInt8] = []
        for run in merged {
            guard run.length < 128, run.index < 128 else {
                throw context.error(
                    .unsupportedElement, element,
                    "attributed strings with runs of 128 characters or more are not modelled")
            }
            info += [UInt8(run.length), UInt8(run.index)]
        }
        if merged.count == 1, let only = dictionaries.first {
            storage.set("NSAttributes", only)
            return
        }
        storage.set("NSAttributes", .collection("NSMutableArray", dictionaries))
        let data = ArchivedObject("NSMutableData")
        data.set("NS.bytes", .data(info))
        storage.set("NSAttributeInfo", data)
    }

    /// Sets the text container's width after ``ScrollViewRule`` tiled the text view.
    static func setWidth(_ view: ArchivedObject, _ width: Double) {
        view.object(forKey: "NSTextContainer")?.replace("NSWidth", .float64(width))
    }

    /// `NSFlags` of the shared data (see the table above).
    static func flags(_ element: SourceElement) -> Int {
        var flags = 0x800
        // 0x100 does not follow selectable: IRIndexRecordWController's selectable="NO" text
        // view (the only one in the pairs) archives it too.
        flags |= 0x100
        if element["selectable"] != "NO" { flags |= 0x1 }
        if element["editable"] != "NO" { flags |= 0x2 }
        if element["richText"] != "NO" { flags |= 0x4 }
        if element["importsGraphics"] != "NO" { flags |= 0x8 }
        if element.flag("usesFontPanel") { flags |= 0x20 }
        if element.flag("usesRuler") { flags |= 0x40 }
        if element.flag("smartInsertDelete") { flags |= 0x200 }
        if element.flag("allowsUndo") { flags |= 0x400 }
        if element["findStyle"] == "panel" { flags |= 0x2000 }
        if element.flag("linkDetection") { flags |= 0x4_0000 }
        if element.flag("spellingCorrection") { flags |= 0x400_0000 }
        return flags
    }

    /// The `NSTextViewSharedData` of `element`.
    static func sharedData(_ element: SourceElement, colors: [String: ArchivedObject], context: AppKitContext)
        throws(CompileError) -> ArchivedObject
    {
        func catalog(_ name: String) throws(CompileError) -> ArchivedObject {
            try AppKitColorRule.catalogColor(name, element: element, context: context)
        }
        let shared = ArchivedObject("NSTextViewSharedData")
        shared.set("NSAutomaticTextCompletionDisabled", .bool(false))
        if context.isStoryboard {
            guard let archived = storyboardFlags[flags(element)] else {
                throw context.error(
                    .unsupportedAttribute, element,
                    "in storyboards the text view flags come from the compiling Mac's text settings; only the attributes of the sb_textview pair are known"
                )
            }
            shared.set("NSFlags", int: archived)
        } else {
            shared.set("NSFlags", int: flags(element))
        }
        shared.set("NSMoreFlags", int: 1)
        shared.set("NSTextCheckingTypes", int: 0)
        shared.set("NSMarkedAttributes", .null)
        if let background = colors["backgroundColor"] {
            shared.set("NSBackgroundColor", background)
        } else {
            shared.set("NSBackgroundColor", .null)
        }
        shared.set(
            "NSSelectedAttributes",
            .dictionary(
                "NSDictionary",
                [
                    (.string("NSBackgroundColor"), try catalog("selectedTextBackgroundColor")),
                    (.string("NSColor"), try catalog("selectedTextColor")),
                ]))
        if let insertion = colors["insertionPointColor"] {
            shared.set("NSInsertionColor", insertion)
        } else {
            shared.set("NSInsertionColor", try catalog("textInsertionPointColor"))
        }
        let cursor = ArchivedObject("NSCursor")
        cursor.set("NSHotSpot", .string("{8, -8}"))
        cursor.set("NSCursorType", int: 13)
        shared.set(
            "NSLinkAttributes",
            .dictionary(
                "NSDictionary",
                [
                    (.string("NSColor"), try catalog("linkColor")),
                    (.string("NSCursor"), cursor),
                    (.string("NSUnderline"), .number(1)),
                ]))
        shared.set("NSDefaultParagraphStyle", .null)
        shared.set("NSTextFinder", .null)
        shared.set(
            "NSPreferredTextFinderStyle", int: try CellRule.value(element, "findStyle", findStyles, default: 0, context)
        )
        shared.set("NSTextHighlightAttributes", .null)
        shared.set("NSWritingToolsFlags", int: 256)
        return shared
    }
}
