/// `<window>` → `NSWindowTemplate`: style mask, position struts and behaviour flags packed into
/// `NSWTFlags`, rects as NSString geometry, and the content view.
enum WindowRule {
    static let attributes: Set<String> = [
        "id", "title", "allowsToolTipsWhenApplicationIsInactive", "autorecalculatesKeyViewLoop", "releasedWhenClosed",
        "hidesOnDeactivate", "deferred", "oneShot", "visibleAtLaunch", "restorable", "animationBehavior", "tabbingMode",
        "showsToolbarButton", "userLabel", "frameAutosaveName", "customClass", "toolbarStyle", "key", "identifier",
        "customModule", "customModuleProvider",
    ]
    static let styleBits: [(String, Int)] = [
        ("titled", 1), ("closable", 2), ("miniaturizable", 4), ("resizable", 8), ("utility", 16), ("docModal", 64),
        ("nonactivatingPanel", 128), ("texturedBackground", 256), ("unifiedTitleAndToolbar", 4096), ("hudWindow", 8192),
        ("fullSizeContentView", 32768),
    ]
    /// `<windowCollectionBehavior>` flags → `NSWindowCollectionBehavior`, the raw values of
    /// `NSWindow.CollectionBehavior` in AppKit's public headers.
    static let collectionBehaviorBits: [(String, Int)] = [
        ("canJoinAllSpaces", 1), ("moveToActiveSpace", 2), ("managed", 4), ("transient", 8), ("stationary", 16),
        ("participatesInCycle", 32), ("ignoresCycle", 64), ("fullScreenPrimary", 128), ("fullScreenAuxiliary", 256),
        ("fullScreenNone", 512), ("fullScreenAllowsTiling", 2048), ("fullScreenDisallowsTiling", 4096),
    ]

    /// `initialPositionMask` struts → the position bits of `NSWTFlags` (absent mask: all).
    static func strutBits(_ mask: SourceElement?) -> Int {
        guard let mask else { return 0x78_0000 }
        let left = mask.flag("leftStrut")
        let right = mask.flag("rightStrut")
        let top = mask.flag("topStrut")
        let bottom = mask.flag("bottomStrut")
        switch (left, right, top, bottom) {
        case (true, true, true, true), (false, false, false, false): return 0x78_0000
        case (true, false, false, true): return 0
        case (false, true, false, true): return 0x5_0000
        case (true, false, true, false): return 0x28_0000
        case (false, true, true, false): return 0x30_0000
        default: return -1
        }
    }

    /// Archives `element`, tracked with `owner` as its parent. A storyboard window has no
    /// `<view key="contentView">` (its content view controller supplies one); with
    /// `synthesizesContentView`, ibtool's placeholder content view of the content rect's size
    /// is archived in its place.
    static func window(
        _ element: SourceElement, owner: ArchivedObject, context: AppKitContext, views: AppKitViewEncoder,
        synthesizesContentView: Bool = false
    ) throws(CompileError) -> ArchivedObject {
        for name in element.attributes.keys where !attributes.contains(name) {
            try context.unmodelled(.unsupportedAttribute, element, "attribute \(name) on a window is not modelled")
        }
        if let behavior = element["animationBehavior"], behavior != "default" {
            try context.unmodelled(
                .unsupportedAttribute, element, "window animationBehavior \"\(behavior)\" is not modelled")
        }
        let window = ArchivedObject("NSWindowTemplate")
        context.track(window, id: element["id"], parent: owner)
        var styleMask: Int?
        var contentRect: [Double]?
        var screenRect: [Double]?
        var positionMask: SourceElement?
        var contentView: SourceElement?
        var toolbarElement: SourceElement?
        var collectionBehavior: Int?
        var contentMinSize: String?
        var frameMinSize: String?
        var writesFrameMinSize = true
        var contentMaxSize: String?
        var frameMaxSize: String?
        var contentBorderMinY: Double?
        for child in element.children {
            switch (child.name, child["key"]) {
            case ("windowStyleMask", "styleMask"):
                for name in child.attributes.keys where name != "key" && !styleBits.contains(where: { $0.0 == name }) {
                    try context.unmodelled(.unsupportedAttribute, child, "style mask flag \(name) is not modelled")
                }
                styleMask = styleBits.reduce(0) { $0 | (child.flag($1.0) ? $1.1 : 0) }
            case ("windowPositionMask", "initialPositionMask"): positionMask = child
            case ("rect", "contentRect"): contentRect = ["x", "y", "width", "height"].map { child.number($0) ?? 0 }
            case ("rect", "screenRect"): screenRect = ["x", "y", "width", "height"].map { child.number($0) ?? 0 }
            case ("view", "contentView"), ("clipView", "contentView"): contentView = child
            case ("toolbar", "toolbar"): toolbarElement = child
            case ("windowCollectionBehavior", "collectionBehavior"):
                for name in child.attributes.keys
                where name != "key" && !collectionBehaviorBits.contains(where: { $0.0 == name }) {
                    try context.unmodelled(
                        .unsupportedAttribute, child, "collection behavior flag \(name) is not modelled")
                }
                collectionBehavior = collectionBehaviorBits.reduce(0) { $0 | (child.flag($1.0) ? $1.1 : 0) }
            case ("value", "minSize") where child["type"] == "size":
                // The content minimum size; ibtool also writes it as the frame minimum size.
                guard let width = child.number("width"), let height = child.number("height") else {
                    throw context.error(.invalidSource, child, "a minimum size needs a width and a height")
                }
                contentMinSize = AppKitContext.text([width, height])
                // Xcode 13–15 wrote the frame's minimum size: the content's plus the 28-point
                // title bar (GroupingController: {213, 107} → {213, 135}); Xcode 16 repeats the
                // content's. Only titled windows are known. Before Xcode 11 there is no frame
                // minimum size at all (LuLu's Rules, 8.3: NSWindowContentMinSize {900, 600} alone).
                if context.era < XcodeEra(11) {
                    writesFrameMinSize = false
                } else if context.era < AppKitEraRule.current {
                    guard element.child("windowStyleMask", key: "styleMask")?.flag("titled") == true else {
                        throw context.error(
                            .unsupportedAttribute, child,
                            "the minimum size of an untitled window for Xcode \(context.era) is not known yet")
                    }
                    // A small icon-only toolbar adds 24 more (IRIndexRecordWController: 74 → 126);
                    // other toolbars are not known.
                    var toolbarHeight = 0.0
                    if let toolbar = element.child("toolbar", key: "toolbar") {
                        guard toolbar["sizeMode"] == "small", toolbar["displayMode"] == "iconOnly" else {
                            throw context.error(
                                .unsupportedAttribute, child,
                                "the minimum size of a window with this toolbar for Xcode \(context.era) is not known yet"
                            )
                        }
                        toolbarHeight = 24
                    }
                    // Before the macOS 11 SDK (Xcode 12) the title bar was 22 points high (adium's
                    // ContactListWindowBorderless {72, 5} → {72, 27} and LogViewer {350, 200} →
                    // {350, 222}, Xcode 11).
                    let titleBar = context.era < XcodeEra(12) ? 22.0 : 28.0
                    frameMinSize = AppKitContext.text([width, height + titleBar + toolbarHeight])
                } else if context.isStoryboard, element.child("toolbar", key: "toolbar") == nil,
                    element.child("windowStyleMask", key: "styleMask")?.flag("titled") == true
                {
                    // A titled storyboard window's frame minimum adds 32 points in Xcode 16
                    // (viraptor's sb_basic_wc and sb_localized window controller nibs: content
                    // {200, 100}, frame {200, 132}; the only storyboard windows of the corpus with
                    // a minimum size). Xibs repeat the content's; other storyboard windows are not
                    // known and keep that.
                    frameMinSize = AppKitContext.text([width, height + 32])
                }
            case ("value", "maxSize") where child["type"] == "size":
                // NSWindowContentMaxSize, and the frame's maximum size as Xcode 14 wrote it: the
                // content's plus the 28-point title bar, as for the minimum size (AVRFuses'
                // Projects window: {1617, 269} → {1617, 297}). No pair shows Xcode 16's, nor a
                // window with a toolbar or without a title bar.
                guard let width = child.number("width"), let height = child.number("height"), width.isFinite,
                    height.isFinite
                else {
                    throw context.error(.invalidSource, child, "a maximum size needs a width and a height")
                }
                guard element.child("windowStyleMask", key: "styleMask")?.flag("titled") == true,
                    element.child("toolbar", key: "toolbar") == nil
                else {
                    throw context.error(
                        .unsupportedElement, child,
                        "a window maximum size is modelled only for titled windows without a toolbar")
                }
                _ = try context.modelledEra(
                    for: child, "window maximum sizes", modelled: XcodeEra(0)..<AppKitEraRule.current,
                    newest: XcodeEra(15.3), shown: "Xcode 14 and 15")
                contentMaxSize = AppKitContext.text([width, height])
                frameMaxSize = AppKitContext.text([width, height + 28])
            case ("contentBorderThickness", nil):
                for name in child.attributes.keys where name != "minY" {
                    try context.unmodelled(
                        .unsupportedAttribute, child, "content border thickness \(name) is not modelled")
                }
                guard let minY = child.number("minY") else {
                    throw context.error(.invalidSource, child, "<contentBorderThickness> needs minY")
                }
                contentBorderMinY = minY
            case ("point", _), ("connections", _): break
            default:
                try context.unmodelled(.unsupportedElement, child, "<\(child.name)> inside a window is not modelled")
            }
        }
        var struts = strutBits(positionMask)
        if struts < 0 {
            try context.unmodelled(
                .unsupportedAttribute, positionMask ?? element,
                "this combination of window struts is not modelled; compiled as a window without struts")
            struts = strutBits(nil)
        }
        var flags = struts
        if element["deferred"] ?? "YES" == "YES" { flags |= 0x2000_0000 }
        if element["releasedWhenClosed"] == "NO" { flags |= 0x4000_0000 }
        if element["hidesOnDeactivate"] == "YES" { flags |= Int(bitPattern: 0x8000_0000) }
        if element["allowsToolTipsWhenApplicationIsInactive"] ?? "YES" == "YES" { flags |= 0x2000 }
        if element["autorecalculatesKeyViewLoop"] ?? "YES" == "YES" { flags |= 0x800 }
        // showsToolbarButton="NO" set 0x400 before Xcode 11 (LuLu's AboutWindow, UpdateWindow and
        // Rules, Aerial's PreferencesWindow; their other windows, without it, do not); Xcode 16
        // leaves it out (blocklist, blocklist_big, window).
        if element["showsToolbarButton"] == "NO", context.era < XcodeEra(11) { flags |= 0x400 }
        if let styleMask { window.set("NSWindowStyleMask", int: styleMask) }
        window.set("NSWindowBacking", int: 2)
        let screen = screenRect ?? [0, 0, 0, 0]
        var frame = contentRect ?? [0, 0, 0, 0]
        if contentRect != nil {
            let anchoredX = positionMask.map { $0.flag("leftStrut") || $0.flag("rightStrut") } ?? false
            let anchoredY = positionMask.map { $0.flag("topStrut") || $0.flag("bottomStrut") } ?? false
            if !(screen == [0, 0, 0, 0] && positionMask != nil) {
                if !anchoredX { frame[0] = screen[2] / 2 - frame[2] / 2 }
                if !anchoredY { frame[1] = screen[3] / 2 - frame[3] / 2 }
            }
        }
        window.set("NSWindowRect", .string(AppKitContext.text(frame)))
        window.set("NSWTFlags", .integer(Int64(Int32(truncatingIfNeeded: flags))))
        window.set("NSWindowTitle", try context.title(element))
        window.set("NSWindowSubtitle", .string(""))
        let windowClass = try context.runtimeClassName(of: element)
        window.set("NSWindowClass", .string(windowClass ?? "NSWindow"))
        if let toolbarElement {
            // A toolbar its rule cannot compile is left out, not the window.
            if let toolbar = try context.attempt(
                toolbarElement,
                { () throws(CompileError) in
                    try ToolbarRule.toolbar(toolbarElement, window: window, context: context, views: views)
                })
            {
                window.set("NSViewClass", toolbar)
            } else {
                try context.unmodelled(
                    .unsupportedElement, toolbarElement,
                    "the window's toolbar could not be compiled (see the warning before); it is left out")
                window.set("NSViewClass", .null)
            }
        } else {
            window.set("NSViewClass", .null)
        }
        // The window's `identifier` (its NSUserInterfaceItemIdentification): Aerial's
        // PreferencesWindow ("preferencesWindow"), Sparkle's SUStatus and SUUpdateAlert ("SUStatus",
        // "SUUpdateAlert", keyed and NIBArchive outputs alike); nil without one (every other window).
        window.set("NSUserInterfaceItemIdentifier", element["identifier"].map { .object(.string($0)) } ?? .null)
        if let contentMaxSize { window.set("NSWindowContentMaxSize", .string(contentMaxSize)) }
        let minSize = contentMinSize.map { ArchivedObject.string($0) }
        if let minSize { window.set("NSWindowContentMinSize", minSize) }
        if let contentView, contentView.name == "clipView" {
            window.set(
                "NSWindowView",
                try ClipViewRule.contentView(
                    contentView, window: window, contentSize: [frame[2], frame[3]], views: views))
        } else if let contentView {
            let view = try views.view(contentView, superview: nil, parent: window, isContentView: true)
            // In a window without a title bar, a content view whose source size is not the
            // content rect's takes that size, and its subviews follow their autoresizing masks
            // (HSChooserWindow, a non-activating panel: 529 × 178 → 509 × 281, the visual effect
            // view inside moved up by 103 points, its width kept). Titled windows keep the source
            // size (transmission_MainMenu 480 × 348 for a 269-point content rect,
            // todo-test25_hugging 89 for 158).
            let titled = (styleMask ?? 1) & 1 != 0
            if !titled, contentRect != nil, contentView.child("rect", key: "frame") != nil,
                case let source = try ScrollViewRule.rect(contentView, context),
                [source[2], source[3]] != [frame[2], frame[3]]
            {
                ScrollViewRule.setFrame(view, [source[0], source[1], frame[2], frame[3]])
                try AppKitAutoresizing.resizeSubviews(
                    of: contentView, from: [source[2], source[3]], to: [frame[2], frame[3]], views: views)
            }
            window.set("NSWindowView", view)
        } else if synthesizesContentView {
            let view = ArchivedObject("NSView")
            context.track(view, id: nil, parent: window)
            view.set("NSNextResponder", .null)
            view.set("NSNibTouchBar", .null)
            view.set("NSvFlags", int: 0x100)
            view.set("NSFrameSize", .string(AppKitContext.text([frame[2], frame[3]])))
            view.set("NSViewWantsBestResolutionOpenGLSurface", .bool(true))
            view.set("IBNSSafeAreaLayoutGuide", .null)
            view.set("IBNSLayoutMarginsGuide", .null)
            view.set("IBNSClipsToBounds", int: 0)
            window.set("NSWindowView", view)
        } else {
            window.set("NSWindowView", .null)
        }
        window.set("NSScreenRect", .string(AppKitContext.text(screen)))
        if let frameMinSize {
            window.set("NSMinSize", .string(frameMinSize))
        } else if let minSize, writesFrameMinSize {
            window.set("NSMinSize", minSize)
        }
        // A window with a toolbar has no maximum size in the three Xcode 16 pairs that have one
        // and in LuLu's Preferences and Rules (8.3, with and without a minimum size); Xcode 13
        // wrote it anyway (IRIndexRecordWController). Nothing shows 11 or 12; the boundary is put
        // with the other Xcode 10 and earlier facts.
        let writesToolbarMaxSize = context.era >= XcodeEra(11) && context.era < AppKitEraRule.current
        if let frameMaxSize {
            window.set("NSMaxSize", .string(frameMaxSize))
        } else if toolbarElement == nil || writesToolbarMaxSize {
            window.set("NSMaxSize", .string("{10000000000000, 10000000000000}"))
        }
        if let name = element["frameAutosaveName"] { window.set("NSFrameAutosaveName", .string(name)) }
        if let collectionBehavior { window.set("NSWindowCollectionBehavior", int: collectionBehavior) }
        if let contentBorderMinY {
            window.set("NSAutorecalculatesContentBorderThicknessMinY", .bool(false))
            window.set("NSContentBorderThicknessMinY", .float64(contentBorderMinY))
        }
        window.set("NSWindowIsRestorable", .bool(element["restorable"] ?? "YES" == "YES"))
        window.set("NSMinFullScreenContentSize", .string("{0, 0}"))
        window.set("NSMaxFullScreenContentSize", .string("{0, 0}"))
        if let mode = element["tabbingMode"] {
            let modes = ["automatic": 0, "preferred": 1, "disallowed": 2]
            guard let code = modes[mode] else {
                throw context.error(.unsupportedAttribute, element, "tabbingMode \"\(mode)\" is unknown")
            }
            window.set("NSWindowTabbingMode", int: code)
        }
        if let style = element["toolbarStyle"] {
            let styles = [
                "automatic": 0, "expanded": 1, "preference": 2, "unified": 3, "compact": 4, "unifiedCompact": 4,
            ]
            guard let code = styles[style] else {
                throw context.error(.unsupportedAttribute, element, "toolbarStyle \"\(style)\" is unknown")
            }
            window.set("NSWindowToolbarStyle", int: code)
        }
        if let windowClass,
            let reference = try context.classReference(
                of: element, runtimeName: windowClass, kind: "a window class", nameKey: "NSWindowClass")
        {
            window.set("IBClassReference", reference)
        }
        if element["visibleAtLaunch"] ?? "YES" == "YES" { context.visibleWindows.append(window) }
        return window
    }
}
