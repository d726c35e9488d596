/// The design sizes of AppKit's menu check mark (`NSMenuCheckmark`) and mixed-state
/// (`NSMenuMixedState`) images on the Mac that ran ibtool, which every AppKit menu item
/// archives (``NibCompiler/Options/menuStateImageSizes``).
public struct MenuStateImageSizes: Sendable, Hashable {
    /// The check mark's width in points.
    public var checkMarkWidth: Double
    /// The check mark's height in points.
    public var checkMarkHeight: Double
    /// The mixed-state image's width in points.
    public var mixedStateWidth: Double
    /// The mixed-state image's height in points.
    public var mixedStateHeight: Double

    /// Sizes given as (width, height) pairs.
    public init(checkMark: (width: Double, height: Double), mixedState: (width: Double, height: Double)) {
        checkMarkWidth = checkMark.width
        checkMarkHeight = checkMark.height
        mixedStateWidth = mixedState.width
        mixedStateHeight = mixedState.height
    }

    /// Parses `CHECKxCHECK,MIXEDxMIXED`, such as `15x13,15x4`: four whole numbers of points
    /// from 1 to 1000; `nil` for anything else.
    public init?(parsing text: String) {
        let sizes = text.split(separator: ",", omittingEmptySubsequences: false)
        guard sizes.count == 2 else { return nil }
        var numbers: [Double] = []
        for size in sizes {
            let parts = size.split(separator: "x", omittingEmptySubsequences: false)
            guard parts.count == 2 else { return nil }
            for part in parts {
                guard part.count <= 4, let value = Int(part), value >= 1, value <= 1000 else { return nil }
                numbers.append(Double(value))
            }
        }
        guard numbers.count == 4 else { return nil }
        self.init(checkMark: (numbers[0], numbers[1]), mixedState: (numbers[2], numbers[3]))
    }

    /// The sizes as ``init(parsing:)`` reads them (`15x13,15x4`), the `--menu-state-image-sizes`
    /// argument.
    public var argument: String {
        func text(_ value: Double) -> String {
            value == value.rounded() && abs(value) <= 1000 ? String(Int(value)) : String(value)
        }
        return "\(text(checkMarkWidth))x\(text(checkMarkHeight)),\(text(mixedStateWidth))x\(text(mixedStateHeight))"
    }

    var checkMarkComponents: [Double] { [checkMarkWidth, checkMarkHeight] }
    var mixedStateComponents: [Double] { [mixedStateWidth, mixedStateHeight] }
}
