/// Before Xcode 8, a view with a fixed frame that does not translate its autoresizing mask got
/// four `NSIBPrototypingLayoutConstraint`s at build time (left, top, width, height, from its
/// frame), added to its superview and marked with a fixed layout identifier.
enum PrototypingConstraintRule {
    static let identifier = "IB auto generated at build time for view with fixed frame"
    /// The identifier of the constraints pinning a view whose layout IB found ambiguous; they
    /// are optional (priority 251), so the view's own constraints win.
    static let ambiguityIdentifier = "IB auto generated at build time for view with ambiguity"

    /// The constraints for `element`'s own frame when it has a fixed frame or Interface Builder
    /// marked its layout `ambiguous` (then ibtool pins it where the source draws it: appodeal's
    /// eight ambiguous buttons get left, top, width and height each, the one laid out fully none).
    static func constraints(
        for element: SourceElement, object: ArchivedObject, superview: ArchivedObject, era: XcodeEra
    ) -> [ArchivedObject] {
        guard let frame = element.child("rect", key: "frame") else { return [] }
        let rect = ["x", "y", "width", "height"].map { frame.number($0) ?? 0 }
        if !element.flag("fixedFrame"), element.flag("ambiguous") {
            let pinned = constraints(
                for: element, frame: rect, isFixed: true, object: object, superview: superview, era: era)
            for constraint in pinned {
                constraint.replace("NSLayoutIdentifier", .object(.string(ambiguityIdentifier)))
                constraint.set("NSPriority", int: 251)
            }
            return pinned
        }
        return constraints(
            for: element, frame: rect, isFixed: element.flag("fixedFrame"), object: object, superview: superview,
            era: era)
    }

    /// The constraints for `element` with a given frame (x, y, width, height) and fixed-frame
    /// flag, as a size-class variation resolves them.
    static func constraints(
        for element: SourceElement, frame: [Double], isFixed: Bool, object: ArchivedObject,
        superview: ArchivedObject, era: XcodeEra
    ) -> [ArchivedObject] {
        guard era < XcodeEra(8), isFixed, element["translatesAutoresizingMaskIntoConstraints"] == "NO",
            frame.count == 4
        else { return [] }
        let (x, y, width, height) = (frame[0], frame[1], frame[2], frame[3])
        // Switches and the image-only system buttons have a fixed intrinsic size: position only.
        let sizeIsIntrinsic =
            element.name == "switch"
            || (element.name == "button"
                && ["detailDisclosure", "infoLight", "infoDark", "contactAdd"].contains(element["buttonType"] ?? ""))
        // Rounded-rect text fields have a fixed intrinsic height: no height constraint.
        let heightIsIntrinsic = element.name == "textField" && element["borderStyle"] == "roundedRect"
        let size: [(Int, Double, Bool)] =
            sizeIsIntrinsic ? [] : [(7, width, false)] + (heightIsIntrinsic ? [] : [(8, height, false)])
        let attributes: [(Int, Double, Bool)] = [(1, x, true), (3, y, true)] + size
        return attributes.map { attribute, constant, toSuperview in
            let constraint = ArchivedObject("NSIBPrototypingLayoutConstraint")
            constraint.set("NSFirstItem", object)
            constraint.set("NSFirstAttributeV2", int: attribute)
            constraint.set("NSFirstAttribute", int: attribute)
            if toSuperview { constraint.set("NSSecondItem", superview) }
            constraint.set("NSSecondAttributeV2", int: toSuperview ? attribute : 0)
            constraint.set("NSSecondAttribute", int: toSuperview ? attribute : 0)
            if constant != 0 {
                constraint.set("NSConstantV2", .float64(constant))
                constraint.set("NSConstant", .float64(constant))
            }
            constraint.set("NSShouldBeArchived", .bool(true))
            constraint.set("NSLayoutIdentifier", .string(identifier))
            return constraint
        }
    }
}
