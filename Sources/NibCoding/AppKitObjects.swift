import Foundation

/// Reading AppKit's objects out of a decoded graph: the `NSIBObjectData` of a macOS nib, the
/// text a control shows, frames, menu key equivalents. AppKit classes have no models (they decode
/// as generic ``NibObject``s), so `tree`, `render` and `scan` read their keys through these.
package enum AppKitObjects {
    /// The object data of a macOS nib (`IB.objectdata`), or `nil` for a UIKit nib.
    package static func objectData(of root: NibObject) -> NibObject? {
        root.object(forKey: "IB.objectdata") as? NibObject
    }

    /// The top-level objects of an `NSIBObjectData`: the file's owner (`NSRoot`) first, then
    /// every object whose parent in `NSObjectsKeys`/`NSObjectsValues` is the owner, in archive
    /// order (Interface Builder's top level), then visible windows not listed there. Each once.
    package static func topLevelObjects(of data: NibObject) -> [AnyObject] {
        var result: [AnyObject] = []
        var seen: Set<ObjectIdentifier> = []
        func add(_ object: AnyObject?) {
            guard let object, seen.insert(ObjectIdentifier(object)).inserted else { return }
            result.append(object)
        }
        let root = data.object(forKey: "NSRoot")
        add(root)
        let keys = data.array(forKey: "NSObjectsKeys") ?? []
        let parents = data.array(forKey: "NSObjectsValues") ?? []
        if let root {
            for (object, parent) in zip(keys, parents) where parent === root { add(object) }
        }
        for window in data.array(forKey: "NSVisibleWindows") ?? [] { add(window) }
        return result
    }

    /// The class an AppKit object stands for: a custom object's, custom view's or class
    /// swapper's `NSClassName` (demangled), a window template's `NSWindowClass`; `nil` for
    /// other objects.
    package static func standInClassName(_ object: NibObject) -> String? {
        switch object.className {
        case "NSCustomObject", "NSCustomView", "NSClassSwapper":
            return object.string(forKey: "NSClassName").map(SwiftClassName.readable)
        case "NSWindowTemplate":
            return object.string(forKey: "NSWindowClass").map(SwiftClassName.readable)
        default:
            return nil
        }
    }

    /// The class an AppKit object behaves as for drawing: a class swapper's `NSOriginalClassName`
    /// (a custom `NSButton` subclass is drawn as a button), else its archived class.
    package static func drawingClassName(_ object: NibObject) -> String {
        if object.className == "NSClassSwapper", let original = object.string(forKey: "NSOriginalClassName") {
            return original
        }
        return object.className
    }

    /// The text of a string value: an `NSString` (or localizable string) or an attributed
    /// string's characters.
    package static func text(_ value: AnyObject?) -> String? {
        guard let object = value as? NibObject else { return nil }
        if let string = object as? NibString { return string.string }
        if object.className.hasSuffix("AttributedString") {
            return object.string(forKey: "NSString") ?? text(object.object(forKey: "NSString"))
        }
        return nil
    }

    /// The text an AppKit object shows: a menu's or menu item's title, a window's title, a tab
    /// item's label, a box's title, a control's cell contents (or its placeholder), a custom
    /// object's class. `nil` when there is none or it is empty.
    package static func displayText(_ object: NibObject) -> String? {
        func nonEmpty(_ text: String?) -> String? { text.flatMap { $0.isEmpty ? nil : $0 } }
        switch object.className {
        case "NSWindowTemplate":
            return nonEmpty(text(object.object(forKey: "NSWindowTitle")))
        case "NSTabViewItem":
            return nonEmpty(text(object.object(forKey: "NSLabel")))
        case "NSToolbarItem":
            return nonEmpty(text(object.object(forKey: "NSToolbarItemLabel")))
        case "NSTableColumn":
            if let header = object.object(forKey: "NSHeaderCell") as? NibObject {
                return nonEmpty(text(header.object(forKey: "NSContents")))
            }
            return nil
        default:
            break
        }
        if let title = nonEmpty(text(object.object(forKey: "NSTitle"))) { return title }
        if let cell = object.object(forKey: "NSCell") as? NibObject {
            if let contents = nonEmpty(text(cell.object(forKey: "NSContents"))) { return contents }
            if let placeholder = nonEmpty(text(cell.object(forKey: "NSPlaceholderString"))) { return placeholder }
        }
        if object.className.hasSuffix("Cell") {
            return nonEmpty(text(object.object(forKey: "NSContents")))
        }
        return nil
    }

    /// A menu item's key equivalent as macOS shows it (`⌘O`, `⇧⌘S`, `⌥⌘↑`); `nil` when it
    /// has none.
    package static func keyEquivalent(_ item: NibObject) -> String? {
        guard let key = text(item.object(forKey: "NSKeyEquiv")), let first = key.unicodeScalars.first else {
            return nil
        }
        let mask = item.integer(forKey: "NSKeyEquivModMask") ?? 0
        var shown = ""
        if mask & (1 << 18) != 0 { shown += "⌃" }
        if mask & (1 << 19) != 0 { shown += "⌥" }
        // An upper-case letter implies Shift, as AppKit draws it.
        let impliedShift = key.count == 1 && key.uppercased() == key && key.lowercased() != key
        if mask & (1 << 17) != 0 || impliedShift { shown += "⇧" }
        if mask & (1 << 20) != 0 { shown += "⌘" }
        let names: [UInt32: String] = [
            0x08: "⌫", 0x09: "⇥", 0x0D: "↩", 0x03: "⌤", 0x1B: "⎋", 0x20: "Space", 0x7F: "⌫", 0xF700: "↑", 0xF701: "↓",
            0xF702: "←", 0xF703: "→", 0xF728: "⌦", 0xF729: "↖", 0xF72B: "↘", 0xF72C: "⇞", 0xF72D: "⇟",
        ]
        if key.unicodeScalars.count == 1, let name = names[first.value] {
            shown += name
        } else if (0xF704...0xF726).contains(first.value), key.unicodeScalars.count == 1 {
            shown += "F\(first.value - 0xF704 + 1)"
        } else {
            shown += key.uppercased()
        }
        return shown
    }

    /// A view's or window's frame as archived: `NSFrame`, `NSFrameSize` (origin 0, 0) or a
    /// window's `NSWindowRect`, in AppKit's coordinates (origin bottom left, unless the view is
    /// flipped). `nil` when there is none.
    package static func frame(_ object: NibObject) -> CGRect? {
        for key in ["NSFrame", "NSWindowRect"] {
            if let text = object.string(forKey: key), let n = GeometryText.numbers(text), n.count == 4 {
                return CGRect(x: n[0], y: n[1], width: n[2], height: n[3])
            }
        }
        if let text = object.string(forKey: "NSFrameSize"), let n = GeometryText.numbers(text), n.count == 2 {
            return CGRect(x: 0, y: 0, width: n[0], height: n[1])
        }
        return nil
    }

    /// Whether a view is hidden (`NSvFlags` bit 31, as `NSView` archives `isHidden`).
    package static func isHidden(_ view: NibObject) -> Bool {
        guard let flags = view.integer(forKey: "NSvFlags") else { return false }
        return UInt32(truncatingIfNeeded: flags) & 0x8000_0000 != 0
    }

    /// The objects drawn or listed inside an AppKit object, in order: a window's content view,
    /// a window's toolbar, a toolbar's default items and an item's view, a view's subviews, a
    /// tab view's items, a tab item's view, a menu's items, a menu item's
    /// submenu, a pop-up button's menu, a storyboard window controller's window and content
    /// controller, a view controller's view.
    package static func children(of object: NibObject) -> [AnyObject] {
        var children: [AnyObject] = []
        for key in ["IBWindowTemplate", "IBWindowTemplateContentViewController", "NSWindowView", "NSView"] {
            if let child = object.object(forKey: key) as? NibObject { children.append(child) }
        }
        // A window's toolbar is archived under NSViewClass; its items, and their views.
        if object.className == "NSWindowTemplate", let toolbar = object.object(forKey: "NSViewClass") as? NibObject,
            toolbar.className == "NSToolbar"
        {
            children.append(toolbar)
        }
        children += object.array(forKey: "NSToolbarIBDefaultItems") ?? []
        if let view = object.object(forKey: "NSToolbarItemView") as? NibObject { children.append(view) }
        children += object.array(forKey: "NSSubviews") ?? []
        children += object.array(forKey: "NSTabViewItems") ?? []
        children += object.array(forKey: "NSMenuItems") ?? []
        if let submenu = object.object(forKey: "NSSubmenu") as? NibObject { children.append(submenu) }
        if object.className.contains("PopUpButton") || object.className == "NSClassSwapper",
            let cell = object.object(forKey: "NSCell") as? NibObject, let menu = cell.object(forKey: "NSMenu")
        {
            children.append(menu)
        }
        return children
    }
}
