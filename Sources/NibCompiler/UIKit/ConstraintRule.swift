/// What ``ConstraintRule`` needs from a platform's compile context (UIKit and AppKit archive
/// constraints the same way).
protocol ConstraintContext: AnyObject {
    /// Work that runs once every object of the document exists.
    var deferred: [() throws -> Void] { get set }
    /// Whether a one-item constraint carries a zero second attribute (documents compiled before
    /// Xcode 8).
    var writesZeroSecondAttribute: Bool { get }
    /// Whether margin attributes are also archived for iOS 7 (see ``ConstraintRule/margins``).
    var foldsMarginsIntoLegacyKeys: Bool { get }
    /// An error at `element`.
    func error(_ code: CompileError.Code, _ element: SourceElement, _ message: String) -> CompileError
    /// The archived object for source id `id`, or an error naming the element that refers to it.
    func object(_ id: String, from element: SourceElement) throws(CompileError) -> ArchivedObject
}

extension ConstraintContext {
    /// Whether margin attributes are also archived for iOS 7 (the plain attribute and the
    /// default margin folded into `NSConstant`); UIKit only — no AppKit pair shows margins.
    var foldsMarginsIntoLegacyKeys: Bool { false }
}

extension UIKitContext: ConstraintContext {
    var writesZeroSecondAttribute: Bool { !era.writesDeepDrawRect }
    var foldsMarginsIntoLegacyKeys: Bool { true }
}

/// `<constraint>` → `NSLayoutConstraint`, and the constraints ibtool generates for a view
/// controller's top and bottom layout guides.
enum ConstraintRule {
    static let attributes: [String: Int] = [
        "left": 1, "right": 2, "top": 3, "bottom": 4, "leading": 5, "trailing": 6, "width": 7, "height": 8,
        "centerX": 9,
        "centerY": 10, "lastBaseline": 11, "baseline": 11, "firstBaseline": 12, "leftMargin": 13, "rightMargin": 14,
        "topMargin": 15, "bottomMargin": 16, "leadingMargin": 17, "trailingMargin": 18, "centerXWithinMargins": 19,
        "centerYWithinMargins": 20,
    ]
    /// Margin attributes: the plain attribute the legacy (iOS 7) keys name instead, and how far
    /// the margin lies from it with UIKit's default 8-point layout margins.
    static let margins: [Int: (plain: Int, offset: Double)] = [
        13: (1, 8), 14: (2, -8), 15: (3, 8), 16: (4, -8), 17: (5, 8), 18: (6, -8), 19: (9, 0), 20: (10, 0),
    ]

    static let known: Set<String> = [
        "id", "firstItem", "firstAttribute", "secondItem", "secondAttribute", "constant", "multiplier", "relation",
        "priority",
        "symbolic", "identifier",
    ]

    /// Whether `element` is a placeholder constraint (`placeholder="YES"`, Interface Builder's
    /// "Remove at build time"): it only holds the canvas's layout while editing, and ibtool
    /// leaves it out of the nib (PrivacyProtection's two "Temporary - for layout purposes"
    /// constraints have no counterpart in Apple's output).
    static func isRemovedAtBuildTime(_ element: SourceElement) -> Bool {
        element.name == "constraint" && element.flag("placeholder")
    }

    /// Builds the constraint now and fills in its items once every object exists; the caller
    /// registers it with its context.
    static func constraint(_ element: SourceElement, container: SourceElement, context: some ConstraintContext)
        throws(CompileError) -> ArchivedObject
    {
        for name in element.attributes.keys where !known.contains(name) {
            throw context.error(.unsupportedAttribute, element, "constraint attribute \(name) is not modelled")
        }
        guard let firstName = element["firstAttribute"], let first = attributes[firstName] else {
            throw context.error(.invalidSource, element, "the constraint's firstAttribute is missing or unknown")
        }
        var second: Int?
        if let name = element["secondAttribute"] {
            guard let code = attributes[name] else {
                throw context.error(.unsupportedAttribute, element, "secondAttribute \"\(name)\" is unknown")
            }
            second = code
        }
        let object = ArchivedObject("NSLayoutConstraint")
        let firstID = element["firstItem"] ?? container["id"] ?? ""
        let secondID = element["secondItem"] ?? (second != nil && element["firstItem"] != nil ? container["id"] : nil)
        context.deferred.append { () throws in
            // NSLayoutConstraint archives margin attributes twice: as such under the V2 keys, and
            // for iOS 7 under the legacy keys as the plain attribute with the default margin folded
            // into the constant (Byjuanamn: superview.trailingMargin = field.trailing →
            // NSFirstAttribute trailing, NSConstant 8).
            let folds = context.foldsMarginsIntoLegacyKeys
            let firstMargin = folds ? margins[first] : nil
            let secondMargin = folds ? second.flatMap { margins[$0] } : nil
            if firstMargin != nil || secondMargin != nil, element.flag("symbolic") {
                throw context.error(
                    .unsupportedAttribute, element, "symbolic constants on margin attributes are not modelled")
            }
            object.set("NSFirstItem", try context.object(firstID, from: element))
            object.set("NSFirstAttributeV2", int: first)
            object.set("NSFirstAttribute", int: firstMargin?.plain ?? first)
            switch element["relation"] {
            case nil: break
            case "greaterThanOrEqual": object.set("NSRelation", int: 1)
            case "lessThanOrEqual": object.set("NSRelation", int: -1)
            case let other?: throw context.error(.unsupportedAttribute, element, "relation \"\(other)\" is unknown")
            }
            var multiplier = 1.0
            if let text = element["multiplier"] {
                guard let value = parseMultiplier(text), SourceNumber.float32Range.contains(value) else {
                    throw context.error(
                        .unsupportedAttribute, element,
                        "multiplier \"\(text)\" is not a finite number or ratio within float32's range")
                }
                multiplier = Double(Float(value))
                if multiplier != 1 { object.set("NSMultiplier", .float64(multiplier)) }
            }
            if let secondID, let second {
                object.set("NSSecondItem", try context.object(secondID, from: element))
                object.set("NSSecondAttributeV2", int: second)
                object.set("NSSecondAttribute", int: secondMargin?.plain ?? second)
            } else if context.writesZeroSecondAttribute {
                object.set("NSSecondAttributeV2", int: 0)
                object.set("NSSecondAttribute", int: 0)
            }
            var constant = 0.0
            if let text = element["constant"] {
                // inf, nan and 1e400 used to read as 0 without a word.
                guard let value = element.number("constant") else {
                    throw context.error(.invalidSource, element, "constant \"\(text)\" is not a finite number")
                }
                constant = value
            }
            if element.flag("symbolic") {
                object.set("NSSymbolicConstant", .string("NSSpace"))
            } else if constant != 0 {
                object.set("NSConstantV2", .float64(constant))
            }
            if let text = element["priority"] {
                // A priority that is not a whole number from 1 to 1000 (including inf, nan and
                // 1e400, which used to read as absent: a required constraint) is reported.
                guard let priority = element.number("priority"), let level = Int(exactly: priority),
                    (1...1000).contains(level)
                else {
                    throw context.error(
                        .unsupportedAttribute, element, "priority \"\(text)\" is not a whole number from 1 to 1000")
                }
                if level != 1000 { object.set("NSPriority", int: level) }
            }
            object.set("NSShouldBeArchived", .bool(true))
            // first + o1 = m · (second + o2) + c  ⇒  first = m · second + (c + m · o2 − o1)
            let legacyConstant = constant + multiplier * (secondMargin?.offset ?? 0) - (firstMargin?.offset ?? 0)
            if !element.flag("symbolic"), legacyConstant != 0 { object.set("NSConstant", .float64(legacyConstant)) }
            if let identifier = element["identifier"] { object.set("NSLayoutIdentifier", .string(identifier)) }
        }
        return object
    }

    static func parseMultiplier(_ text: String) -> Double? {
        let parts = text.split(whereSeparator: { $0 == "/" || $0 == ":" })
        if parts.count == 2, let a = Double(parts[0]), let b = Double(parts[1]), b != 0 { return a / b }
        return Double(text)
    }

    /// A generated constraint between `first` and `second` with the same attribute on both.
    static func generated(
        _ className: String, first: ArchivedObject, attribute: Int, second: ArchivedObject? = nil, priority: Int? = nil,
        era: XcodeEra = XcodeEra(13)
    ) -> ArchivedObject {
        let object = ArchivedObject(className)
        object.set("NSFirstItem", first)
        object.set("NSFirstAttributeV2", int: attribute)
        object.set("NSFirstAttribute", int: attribute)
        if let second {
            object.set("NSSecondItem", second)
            object.set("NSSecondAttributeV2", int: attribute)
            object.set("NSSecondAttribute", int: attribute)
        } else if !era.writesDeepDrawRect {
            // Before Xcode 8, one-item constraints still carried a second attribute of 0.
            object.set("NSSecondAttributeV2", int: 0)
            object.set("NSSecondAttribute", int: 0)
        }
        object.set("NSShouldBeArchived", .bool(true))
        if let priority { object.set("NSPriority", int: priority) }
        return object
    }
}
