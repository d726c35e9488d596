/// What older Xcodes' ibtool writes differently in AppKit nibs, applied to the finished graph.
///
/// Every NIBArchive macOS pair (toolsVersion 6254 to 32700) was built by a current ibtool
/// (Xcode 16 or later) whatever Xcode saved its document, so AppKit rules imitate
/// ``current`` unless `--xcode` names the Xcode that built the nib. The keyed-archive pairs
/// are Interface Builder nib documents whose `keyedobjects*.nib` the saving Xcode wrote:
/// scribendi (toolsVersion 19529 and 20037: Xcode 13; 21507: Xcode 14.2), AVRFuses (21225:
/// Xcode 14.0; 23094: Xcode 15.3) and adium (15505: Xcode 11; 17701: Xcode 12), or flattened
/// nibs for old deployment targets built by an Xcode before 11 (eqMac, LuLu, Aerial).
///
/// Before Xcode 13:
///
/// | Key | before 11 | 11 | 12 |
/// |---|---|---|---|
/// | macOS 11 SDK keys (``macOS11Keys``: safe-area and margins guides, `IBNSClipsToBounds`, `NSWindowSubtitle`, `NSControlSize2`, image resources' design size, namespace and configuration) | absent | absent | written |
/// | `IBClassReference` (custom objects, views, windows) | absent | absent | absent |
/// | connectors' `NSChildControllerCreationSelectorName` | absent | written | written |
/// | menu items' `NSAllowsKeyEquivalentLocalization`, `NSAllowsKeyEquivalentMirroring` | absent | absent | (absent: nothing shows 12) |
/// | a directly instantiated `NSFontManager` (``CustomObjectRule``) | `NSClassSwapper` | custom object | custom object |
///
/// | Key | Xcode 13–14 | Xcode 15 | Xcode 16+ |
/// |---|---|---|---|
/// | `NSControlSize2` (after `NSControlSize` on every control, after `NSCellFlags2` on every cell; the cell's value is its control size bits, `NSCellFlags2 >> 17 & 3`) | written | written | absent |
/// | `NSAllowsWritingTools`, `NSTextFieldAllowsWritingToolsAffordance`, `NS.resolvesNaturalAlignmentWithBaseWritingDirection` | absent | absent | written |
/// | button and pop-up cells' `NSBezelStyle` | absent | written | written |
/// | resolved catalog colors' `NSLinearExposure`; text views' shared `NSTextHighlightAttributes`, `NSWritingToolsFlags` | absent | absent | written |
/// | `NSControlView` nil (box title cells) | absent | absent | written |
/// | `NSHiddenInRepresentation` false (menu items) | absent | written | written |
/// | `IBNSShadowedSymbolConfiguration` nil (buttons, pop-ups, image views) | Xcode 13: absent; 14: written | written | written |
/// | `NSControlTextAlignment` | the building Mac's numbering (``BuildArchitecture``): by default Intel's (right 1, center 2) for 13, Apple silicon's (center 1, right 2) for 14 | Apple silicon's | Apple silicon's |
/// | menu items' check mark and mixed-state image design sizes | `{14, 13}`, `{14, 4}` before 14.2 | `{18, 16}`, `{18, 4}` | the same |
/// | a titled box's content view | source frame | source frame | laid out (``AppKitBoxRule``) |
/// | text-style font descriptors' `NSFontDescriptorOptions` (header cells) | 13: absent; 14: 2147516422 | 2147517444 | 2147517444 |
/// | empty `NSSubviews` on text views | absent | written (15.3) | absent |
/// | `NSHasWidth` false on text-style fonts | before 14.2: absent; 14.2: written | written | written |
///
/// Seen: 11 action cells, 137 button cells, 363 text field cells, 15 pop-up cells, 9 header
/// cells, 5 combo box cells and every control (text fields, buttons, pop-ups, matrices, color
/// wells, scrollers, combo boxes and their tables) in the keyed pairs carry `NSControlSize2`.
enum AppKitEraRule {
    /// The ibtool every NIBArchive pair shows.
    static let current = XcodeEra(16)

    /// Keys Xcode 16 added to text fields (and their subclasses).
    static let writingToolsKeys: Set<String> = [
        "NSAllowsWritingTools", "NSTextFieldAllowsWritingToolsAffordance",
        "NS.resolvesNaturalAlignmentWithBaseWritingDirection",
    ]

    /// Keys the Xcodes before 11 do not write, on any object: `NSControl`'s own copies of its
    /// cell's settings and views' best-resolution OpenGL flag (every control and view of LuLu
    /// ×6, Aerial and eqMac, Xcode 7.3 to 9.2; adium's, Xcode 11, have them), image views'
    /// placeholder precedence, image cells' control view and animation, button cells'
    /// `NSAuxButtonType`, and the toolbar item keys of the macOS 10.15 and 11 SDKs.
    static let before11Keys: Set<String> = [
        "NSControlSize", "NSControlContinuous", "NSControlRefusesFirstResponder", "NSControlUsesSingleLineMode",
        "NSControlTextAlignment", "NSControlLineBreakMode", "NSControlWritingDirection", "NSControlSendActionMask",
        "NSViewWantsBestResolutionOpenGLSurface", "NSImageViewPlaceholderPrecedence", "NSImageAnimation",
        "NSAuxButtonType", "NSToolbarItemBordered", "NSToolbarItemIgnoreMinMaxSizes", "NSToolbarItemNavigational",
        "NSToolbarItemTitle",
    ]

    /// Before Xcode 11 a button cell without images archived its key equivalent font in the
    /// alternate image's place (`NSAlternateImage`, the 13-point system font) and flagged it
    /// with `NSButtonFlags` `0x2_0000`: every image-less button cell of LuLu ×6 and Aerial (push
    /// buttons whatever their own font, Menlo in LuLu's AboutWindow); cells with an image or
    /// a check box's alternate image do not. AppKit's old `NSButtonCell` coding (as GNUstep
    /// documents it: a font under `NSAlternateImage` is the key equivalent font).
    static func archiveKeyEquivalentFont(_ cell: ArchivedObject) {
        guard !cell.has("NSNormalImage"), !cell.has("NSAlternateImage"),
            case .integer(let flags)? = cell.value(forKey: "NSButtonFlags")
        else { return }
        cell.replace("NSButtonFlags", .integer(Int64(Int32(truncatingIfNeeded: flags | 0x2_0000))))
        cell.set(
            "NSAlternateImage",
            AppKitFontRule.make(
                name: ".AppleSystemUIFont", size: 13, type: 0, textStyle: nil, usesAppearanceSize: false))
    }

    /// Keys the Xcodes before 12 (the macOS 11 SDK) do not write.
    static let macOS11Keys: Set<String> = [
        "IBNSSafeAreaLayoutGuide", "IBNSLayoutMarginsGuide", "IBNSClipsToBounds", "NSWindowSubtitle",
        "NSControlSize2", "IBNamespaceID", "IBDesignSize", "IBDesignImageConfiguration",
    ]

    /// Rewrites every object reachable from `root` as the ibtool of `era`, run on a Mac with
    /// `architecture`, writes it.
    static func apply(to root: ArchivedObject, era: XcodeEra, architecture: BuildArchitecture) {
        if architecture == .x86_64 { numberAlignmentsForIntel(root) }
        guard era < current else { return }
        var seen: Set<ObjectIdentifier> = []
        var pending = [root]
        while let object = pending.popLast() {
            guard seen.insert(ObjectIdentifier(object)).inserted else { continue }
            pending += object.referencedObjects
            for key in writingToolsKeys { object.remove(key) }
            object.remove("NSLinearExposure")
            object.remove("NSTextHighlightAttributes")
            object.remove("NSWritingToolsFlags")
            if case .null? = object.value(forKey: "NSControlView") { object.remove("NSControlView") }
            if era < XcodeEra(12) {
                // The macOS 11 SDK's keys (Xcode 12): safe-area and layout-margins guides, the
                // window subtitle, the control size that can say "large" (`NSControlSize2`),
                // and Interface Builder's clipping flag. Absent from every view, control, cell
                // and window of adium's bundles saved by Xcode 11 (toolsVersion 15505), Aerial
                // (7.3), LuLu ×6 (8.3) and eqMac (9.2); present in adium's AccountProfile
                // (17701, Xcode 12) and every keyed pair from Xcode 13 (scribendi, AVRFuses).
                for key in macOS11Keys { object.remove(key) }
            } else {
                if case .integer(let size)? = object.value(forKey: "NSControlSize") {
                    object.insert("NSControlSize2", .integer(size), after: "NSControlSize")
                }
                if case .integer(let flags2)? = object.value(forKey: "NSCellFlags2") {
                    object.insert("NSControlSize2", .integer(flags2 >> 17 & 3), after: "NSCellFlags2")
                }
            }
            // Connectors' `NSChildControllerCreationSelectorName` (the macOS 10.15 SDK's segue
            // actions, Xcode 11): on every connection of adium's bundles (Xcode 11 and 12) and
            // later pairs, on none of Aerial's, LuLu's or eqMac's (7.3 to 9.2). Nothing shows 10.
            if era < XcodeEra(11) {
                object.remove("NSChildControllerCreationSelectorName")
                for key in before11Keys { object.remove(key) }
                if object.className == "NSImageCell" { object.remove("NSControlView") }
                if object.className == "NSButtonCell" { archiveKeyEquivalentFont(object) }
            }
            // Menu items' automatic key equivalent localization and mirroring (the macOS 12 SDK,
            // Xcode 13): on every menu item of scribendi's (13, 14.2) and later pairs, on none of
            // adium's LogViewerDateFilter (11) or LuLu's MainMenu (8.3).
            if era < XcodeEra(13), object.className == "NSMenuItem" {
                object.remove("NSAllowsKeyEquivalentLocalization")
                object.remove("NSAllowsKeyEquivalentMirroring")
            }
            // Custom objects', windows' and views' class references (`IBClassReference`) are
            // Xcode 13's: absent from adium's AccountProfile (Xcode 12, with the macOS 11 keys)
            // and every older keyed pair; present in scribendi's (13 and 14.2) and later.
            if era < XcodeEra(13) { object.remove("IBClassReference") }
            if era < XcodeEra(15), object.has("NSButtonFlags") { object.remove("NSBezelStyle") }
            if era < XcodeEra(15) { object.remove("NSHiddenInRepresentation") }
            // Text-style font descriptors (table and combo box headers): options 2147516422
            // before Xcode 15, none in 13; NSHasWidth from 14.2 (AVRFuses a08b56f5, 14.0: absent;
            // PreferencesController, 14.2: written).
            if era < XcodeEra(15), case .integer(2_147_517_444)? = object.value(forKey: "NSFontDescriptorOptions") {
                if era < XcodeEra(14) {
                    object.remove("NSFontDescriptorOptions")
                } else {
                    object.replace("NSFontDescriptorOptions", .integer(2_147_516_422))
                }
            }
            if era < XcodeEra(14.2), object.className == "NSFont", object.has("NSTextStyleDescriptor") {
                object.remove("NSHasWidth")
            }
            // Xcode 15 archived text views' empty subviews (AVRFuses dbb7734b, 15.3); 14.0 (a08b56f5)
            // and 16 do not.
            if era >= XcodeEra(15), object.className == "NSTextView", !object.has("NSSubviews") {
                object.insert("NSSubviews", .object(.collection("NSMutableArray", [])), after: "NSvFlags")
            }
            if era < XcodeEra(14) { object.remove("IBNSShadowedSymbolConfiguration") }
        }
    }

    /// Renumbers every control's `NSControlTextAlignment` as an Intel Mac's ibtool archives it
    /// (``BuildArchitecture/x86_64``: right 1, center 2; the rules write Apple silicon's
    /// center 1, right 2). The cells' own alignment field (`NSCellFlags2`) is numbered the
    /// older way on both.
    static func numberAlignmentsForIntel(_ root: ArchivedObject) {
        var seen: Set<ObjectIdentifier> = []
        var pending = [root]
        while let object = pending.popLast() {
            guard seen.insert(ObjectIdentifier(object)).inserted else { continue }
            pending += object.referencedObjects
            if case .integer(let alignment)? = object.value(forKey: "NSControlTextAlignment"),
                alignment == 1 || alignment == 2
            {
                object.replace("NSControlTextAlignment", .integer(3 - alignment))
            }
        }
    }
}
