/// `<wkWebView>` → `WKWebView`. ibtool archives the web view with WebKit's own coder, so its
/// keys are WebKit's `encodeWithCoder:` (open source), and the corpus's two compiled web views
/// show them for Xcode 13: duckduckgo Settings (a pair, Xcode 13.2: `allowsLinkPreview="NO"`, a
/// configuration with AirPlay and picture in picture off, data detectors and media types
/// needing a user action `none`) and ashwinivishwas EdgeSDk's Main storyboard (iOS, no source:
/// every value the class's default).
///
/// | key (after the view's) | source |
/// |---|---|
/// | `configuration` | `<wkWebViewConfiguration key="configuration">` (below); always written: WebKit's `initWithCoder:` refuses a web view without one |
/// | `allowsBackForwardNavigationGestures` | `allowsBackForwardNavigationGestures`, false by default |
/// | `customUserAgent` | `customUserAgent`, an empty string by default (both nibs) |
/// | `allowsLinkPreview` | `allowsLinkPreview`, true by default (EdgeSDk; duckduckgo's `NO` is false) |
///
/// The configuration, `WKWebViewConfiguration`, holds a process pool, `WKPreferences`
/// (`minimumFontSize` float64, `javaScriptCanOpenWindowsAutomatically`, `javaScriptEnabled`,
/// `textInteractionEnabled`), a user content controller and the default website data store,
/// then its flags in WebKit's order. The source's attributes (`allowsAirPlayForMediaPlayback`,
/// `allowsPictureInPictureMediaPlayback`, `allowsInlineMediaPlayback`,
/// `suppressesIncrementalRendering`, `ignoresViewportScaleLimits`,
/// `applicationNameForUserAgent`) are the same-named properties; `<dataDetectorTypes none="YES">`
/// is 0 and no element Interface Builder's default, every type (EdgeSDk: -1, WebKit's
/// `WKDataDetectorTypeAll`); `<audiovisualMediaTypes key="mediaTypesRequiringUserActionForPlayback">`
/// is archived as a flag (WebKit encodes the option set with `encodeBool:`): false for `none`
/// and without the element (EdgeSDk), true for `audio`, `video` or `all`.
/// Other data detector sets are left out with a warning (no nib shows one).
enum WebViewRule {
    static let rule = ViewRule(
        className: "WKWebView",
        attributes: ["allowsBackForwardNavigationGestures", "allowsLinkPreview", "customUserAgent"],
        children: ["wkWebViewConfiguration"],
        encode: { element, object, context, _ throws(CompileError) in
            try encode(element, object, context)
        })

    /// Configuration attributes that are WebKit flags of the same name, with their defaults.
    static let configurationFlags: [(name: String, default: Bool)] = [
        ("allowsAirPlayForMediaPlayback", true), ("allowsInlineMediaPlayback", false),
        ("allowsPictureInPictureMediaPlayback", true), ("suppressesIncrementalRendering", false),
        ("ignoresViewportScaleLimits", false),
    ]

    static func encode(_ element: SourceElement, _ object: ArchivedObject, _ context: UIKitContext)
        throws(CompileError)
    {
        let source = element.child("wkWebViewConfiguration", key: "configuration")
        object.set("configuration", try configuration(source, context: context))
        object.set("allowsBackForwardNavigationGestures", .bool(element.flag("allowsBackForwardNavigationGestures")))
        object.set("customUserAgent", .string(element["customUserAgent"] ?? ""))
        object.set("allowsLinkPreview", .bool(element["allowsLinkPreview"] != "NO"))
    }

    /// The `WKWebViewConfiguration` a `<wkWebViewConfiguration>` describes (`nil`: the defaults).
    static func configuration(_ element: SourceElement?, context: UIKitContext) throws(CompileError) -> ArchivedObject {
        let known = Set(configurationFlags.map(\.name) + ["key", "applicationNameForUserAgent"])
        if let element {
            for name in element.attributes.keys.sorted() where !known.contains(name) {
                try context.unmodelled(
                    .unsupportedAttribute, element, "web view configuration attribute \(name) is not modelled; left out"
                )
            }
            for child in element.children
            where !["dataDetectorTypes", "audiovisualMediaTypes", "wkPreferences"].contains(child.name) {
                try context.unmodelled(
                    .unsupportedElement, child, "<\(child.name)> in a web view configuration is not modelled; left out")
            }
        }
        func flag(_ name: String) -> Bool {
            let value = configurationFlags.first { $0.name == name }?.default ?? false
            guard let text = element?[name] else { return value }
            return text == "YES"
        }
        let configuration = ArchivedObject("WKWebViewConfiguration")
        configuration.set("processPool", ArchivedObject("WKProcessPool"))
        configuration.set(
            "preferences", try preferences(element?.child("wkPreferences", key: "preferences"), context: context))
        configuration.set("userContentController", ArchivedObject("WKUserContentController"))
        let store = ArchivedObject("WKWebsiteDataStore")
        store.set("isDefaultDataStore", .bool(true))
        configuration.set("websiteDataStore", store)
        configuration.set("suppressesIncrementalRendering", .bool(flag("suppressesIncrementalRendering")))
        if let name = element?["applicationNameForUserAgent"] {
            configuration.set("applicationNameForUserAgent", .string(name))
        } else {
            configuration.set("applicationNameForUserAgent", .null)
        }
        configuration.set("allowsAirPlayForMediaPlayback", .bool(flag("allowsAirPlayForMediaPlayback")))
        configuration.set("drawsBackground", .bool(true))
        configuration.set("dataDetectorTypes", int: try dataDetectorTypes(element, context: context))
        configuration.set("allowsInlineMediaPlayback", .bool(flag("allowsInlineMediaPlayback")))
        configuration.set("allowsInlineMediaPlaybackAfterFullscreen", .bool(false))
        configuration.set(
            "mediaTypesRequiringUserActionForPlayback", .bool(try requiresUserAction(element, context: context)))
        configuration.set("selectionGranularity", int: 0)
        configuration.set("allowsPictureInPictureMediaPlayback", .bool(flag("allowsPictureInPictureMediaPlayback")))
        configuration.set("ignoresViewportScaleLimits", .bool(flag("ignoresViewportScaleLimits")))
        configuration.set("dragLiftDelay", int: 0)
        configuration.set("textInteractionGesturesEnabled", .bool(true))
        configuration.set("longPressActionsEnabled", .bool(true))
        configuration.set("systemPreviewEnabled", .bool(false))
        configuration.set("shouldDecidePolicyBeforeLoadingQuickLookPreview", .bool(true))
        return configuration
    }

    /// `<dataDetectorTypes key="dataDetectorTypes">`: `none` → 0; absent → every type (-1).
    private static func dataDetectorTypes(_ element: SourceElement?, context: UIKitContext) throws(CompileError)
        -> Int
    {
        guard let types = element?.child("dataDetectorTypes", key: "dataDetectorTypes") else { return -1 }
        if types.flag("none"), types.attributes.keys.allSatisfy({ ["key", "none"].contains($0) }) { return 0 }
        try context.unmodelled(
            .unsupportedAttribute, types,
            "web view data detector types other than none are not modelled (no nib shows them); archived as every type")
        return -1
    }

    /// `<audiovisualMediaTypes key="mediaTypesRequiringUserActionForPlayback">` as WebKit's flag:
    /// false for `none` (and without the element, as EdgeSDk's), true for any media type.
    private static func requiresUserAction(_ element: SourceElement?, context: UIKitContext) throws(CompileError)
        -> Bool
    {
        guard let types = element?.child("audiovisualMediaTypes", key: "mediaTypesRequiringUserActionForPlayback")
        else { return false }
        let names = types.attributes.keys.filter { $0 != "key" }
        for name in names.sorted() where !["none", "audio", "video", "all"].contains(name) {
            try context.unmodelled(.unsupportedAttribute, types, "media type \(name) is not modelled; left out")
        }
        return !types.flag("none") && names.contains { ["audio", "video", "all"].contains($0) && types.flag($0) }
    }

    /// `<wkPreferences key="preferences">` → `WKPreferences`.
    private static func preferences(_ element: SourceElement?, context: UIKitContext) throws(CompileError)
        -> ArchivedObject
    {
        let known: Set = ["key", "minimumFontSize", "javaScriptCanOpenWindowsAutomatically", "javaScriptEnabled"]
        if let element {
            for name in element.attributes.keys.sorted() where !known.contains(name) {
                try context.unmodelled(
                    .unsupportedAttribute, element, "web view preference \(name) is not modelled; left out")
            }
        }
        let preferences = ArchivedObject("WKPreferences")
        var size = 0.0
        if let element {
            size = try SourceNumber.attribute("minimumFontSize", of: element, in: 0...1e6, default: 0, context: context)
        }
        preferences.set("minimumFontSize", .float64(size))
        preferences.set(
            "javaScriptCanOpenWindowsAutomatically",
            .bool(element?.flag("javaScriptCanOpenWindowsAutomatically") ?? false))
        preferences.set("javaScriptEnabled", .bool(element?["javaScriptEnabled"] != "NO"))
        preferences.set("textInteractionEnabled", .bool(true))
        return preferences
    }
}
