import NibArchive
import NibDiff
import Testing

/// A diff a person reads (issue 17): lists aligned so an insertion is one difference, custom
/// classes named, enumeration values by name.
@Suite("Readable structural differences")
struct ReadableDiffTests {
    /// A root whose ordered `UISubviews` array holds one `UILabel` per title.
    static func labels(_ titles: [String], key: String = "UISubviews") throws -> NibArchive {
        var builder = NibArchive.Builder()
        let root = builder.addObject(className: "NSObject")
        let array = builder.addObject(className: "NSArray")
        builder.append(.objectReference(array), forKey: key, to: root)
        builder.append(.bool(true), forKey: "NSInlinedValue", to: array)
        for title in titles {
            let label = builder.addObject(className: "UILabel")
            let text = builder.addObject(className: "NSString")
            builder.append(.string(title), forKey: "NS.bytes", to: text)
            builder.append(.objectReference(text), forKey: "UIText", to: label)
            builder.append(.objectReference(label), forKey: NibArchive.Builder.emptyKey, to: array)
        }
        return try builder.build()
    }

    @Test("one element inserted into an ordered list is one added element, not a change at every later place")
    func insertion() throws {
        let titles = (1...40).map { "Item \($0)" }
        var inserted = titles
        inserted.insert("New", at: 3)
        let differences = StructuralComparison().differences(
            between: try Self.labels(titles), and: try Self.labels(inserted))
        #expect(differences.map(\.kind) == [.elementOnlyInRight])
        #expect(differences.first?.path == "root › UISubviews[3]")
        #expect(differences.first?.right == #"→ UILabel "New""#)
    }

    /// An AppKit-shaped menu: the root's `NSConnections` (unordered, listed first, as in real
    /// nibs) hold one action connector per item; the menu's `NSMenuItems` are ordered and each
    /// item points back at its menu.
    static func menu(_ titles: [String]) throws -> NibArchive {
        var builder = NibArchive.Builder()
        let root = builder.addObject(className: "NSIBObjectData")
        let connections = builder.addObject(className: "NSMutableArray")
        let menu = builder.addObject(className: "NSMenu")
        let items = builder.addObject(className: "NSMutableArray")
        builder.append(.objectReference(connections), forKey: "NSConnections", to: root)
        builder.append(.objectReference(menu), forKey: "NSMainMenu", to: root)
        builder.append(.bool(true), forKey: "NSInlinedValue", to: connections)
        builder.append(.bool(true), forKey: "NSInlinedValue", to: items)
        builder.append(.objectReference(items), forKey: "NSMenuItems", to: menu)
        for title in titles {
            let item = builder.addObject(className: "NSMenuItem")
            builder.append(.string(title), forKey: "NSTitle", to: item)
            builder.append(.objectReference(menu), forKey: "NSMenu", to: item)
            builder.append(.objectReference(item), forKey: NibArchive.Builder.emptyKey, to: items)
            let connector = builder.addObject(className: "NSNibControlConnector")
            builder.append(.objectReference(item), forKey: "NSSource", to: connector)
            builder.append(.string(title.lowercased() + ":"), forKey: "NSLabel", to: connector)
            builder.append(.objectReference(connector), forKey: NibArchive.Builder.emptyKey, to: connections)
        }
        return try builder.build()
    }

    @Test("a menu item inserted with its action: two additions, no cascade through the connections")
    func menuInsertion() throws {
        let titles = ["About", "Preferences", "Hide", "Hide Others", "Show All", "Quit"]
        var inserted = titles
        inserted.insert("Inserted", at: 2)
        let differences = StructuralComparison().differences(
            between: try Self.menu(titles), and: try Self.menu(inserted))
        #expect(differences.map(\.kind) == [.elementOnlyInRight, .elementOnlyInRight])
        #expect(
            differences.compactMap(\.right).sorted() == [
                #"→ NSMenuItem "Inserted""#, #"→ NSNibControlConnector "inserted:""#,
            ])
        // The objects are walked before the connections, so the item is named by its menu.
        #expect(differences.first?.path == "root › NSMainMenu (NSMenu) › NSMenuItems[2]")
    }

    @Test("a removed and a changed element in one list: one removal and one change, in place")
    func removalAndChange() throws {
        let differences = StructuralComparison().differences(
            between: try Self.labels(["A", "B", "C", "D", "E"]), and: try Self.labels(["A", "C", "D", "X"]))
        #expect(differences.map(\.kind) == [.value, .elementOnlyInLeft])
        #expect(
            differences.map(\.description) == [
                #"root › UISubviews[4] (UILabel) › UIText (NSString) › NS.bytes: "E" → "X""#,
                #"root › UISubviews[1]: element only in left (→ UILabel "B")"#,
            ])
    }

    @Test("a list too long to align is still compared, by position")
    func longList() throws {
        // 1,100 × 1,100 after the common ends come off: past the million cells aligned.
        let titles = (0..<1_100).map { "T\($0)" }
        var changed = titles
        changed[0] = "first"
        changed[1_099] = "last"
        let differences = StructuralComparison().differences(
            between: try Self.labels(titles), and: try Self.labels(changed))
        #expect(differences.map(\.kind) == [.value, .value])
        #expect(differences.last?.path == "root › UISubviews[1099] (UILabel) › UIText (NSString)")
    }

    /// A root with one object of `className` holding `values`, under `UISubviews` (ordered).
    static func object(_ className: String, _ values: [(String, NibArchive.Payload)], strings: [(String, String)] = [])
        throws -> NibArchive
    {
        var builder = NibArchive.Builder()
        let root = builder.addObject(className: "NSObject")
        let object = builder.addObject(className: className)
        builder.append(.objectReference(object), forKey: "UIChild", to: root)
        for (key, payload) in values { builder.append(payload, forKey: key, to: object) }
        for (key, text) in strings {
            let string = builder.addObject(className: "NSString")
            builder.append(.string(text), forKey: "NS.bytes", to: string)
            builder.append(.objectReference(string), forKey: key, to: object)
        }
        return try builder.build()
    }

    @Test("constraint attributes and relations and content modes are shown by name (Apple's header values)")
    func enumNames() throws {
        // NSLayoutAttributeCenterY = 10, NSLayoutAttributeTop = 3; NSLayoutRelationEqual = 0,
        // NSLayoutRelationGreaterThanOrEqual = 1; UIViewContentModeScaleAspectFit = 1,
        // UIViewContentModeCenter = 4 (UIKit's NSLayoutConstraint.h and UIView.h).
        let a = try Self.object(
            "NSLayoutConstraint", [("NSFirstAttribute", .int8(10)), ("NSRelation", .int8(0))])
        let b = try Self.object(
            "NSLayoutConstraint", [("NSFirstAttribute", .int8(3)), ("NSRelation", .int8(1))])
        let differences = StructuralComparison().differences(between: a, and: b).map(\.description)
        #expect(
            differences == [
                "root › UIChild (NSLayoutConstraint) › NSFirstAttribute: centerY (10) → top (3)",
                "root › UIChild (NSLayoutConstraint) › NSRelation: equal (0) → greaterThanOrEqual (1)",
            ])
        let view = StructuralComparison().differences(
            between: try Self.object("UIImageView", [("UIContentMode", .int32(1))]),
            and: try Self.object("UIImageView", [("UIContentMode", .int32(4))]))
        #expect(
            view.map(\.description) == ["root › UIChild (UIImageView) › UIContentMode: scaleAspectFit (1) → center (4)"]
        )
        // The same key on another class, or a value outside the enumeration, stays a number.
        let other = StructuralComparison().differences(
            between: try Self.object("MyObject", [("NSRelation", .int8(0))]),
            and: try Self.object("MyObject", [("NSRelation", .int8(7))]))
        #expect(other.first?.left == "int8 0")
    }

    @Test("a custom class is named in paths, Swift names demangled, with the archived class")
    func customClassLabels() throws {
        let a = try Self.object(
            "UIClassSwapper", [("UIAlpha", .float32(1))],
            strings: [("UIClassName", "_TtC17Atmosphere_Trivia13LoadingButton"), ("UIOriginalClassName", "UIButton")])
        let b = try Self.object(
            "UIClassSwapper", [("UIAlpha", .float32(0.5))],
            strings: [("UIClassName", "_TtC17Atmosphere_Trivia13LoadingButton"), ("UIOriginalClassName", "UIButton")])
        let differences = StructuralComparison().differences(between: a, and: b)
        #expect(differences.first?.path == "root › UIChild (Atmosphere_Trivia.LoadingButton: UIClassSwapper)")
        let appKit = StructuralComparison().differences(
            between: try Self.object(
                "NSCustomObject", [("NSTag", .int8(1))], strings: [("NSClassName", "AppDelegate")]),
            and: try Self.object("NSCustomObject", [("NSTag", .int8(2))], strings: [("NSClassName", "AppDelegate")]))
        #expect(appKit.first?.path == "root › UIChild (AppDelegate: NSCustomObject)")
    }
}
