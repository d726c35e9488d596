public import Foundation
import NibArchive

/// `NSValue`: `NS.special` gives the kind, and the payload is an `NSString` such as `{18, 4}`.
public final class NibStructValue: NibObject {
    /// A decoded `NSValue`.
    public enum Value: Hashable, Sendable {
        /// Kind 1, `NS.pointval`.
        case point(CGPoint)
        /// Kind 2, `NS.sizeval` (all 76 in the corpus).
        case size(CGSize)
        /// Kind 3, `NS.rectval`.
        case rect(CGRect)
        /// Any other kind, with its payload text when there is one.
        case other(kind: Int, text: String?)
    }

    /// `NSValue`.
    override public class var defaultClassName: String { "NSValue" }

    private static let payloadKeys = [1: "NS.pointval", 2: "NS.sizeval", 3: "NS.rectval"]

    /// Creates an `NSValue`.
    public convenience init(_ value: Value) {
        self.init()
        switch value {
        case .point(let p): store(kind: 1, text: GeometryText.pair(p.x, p.y))
        case .size(let s): store(kind: 2, text: GeometryText.pair(s.width, s.height))
        case .rect(let r): store(kind: 3, text: GeometryText.rect(r))
        case .other(let kind, let text): store(kind: kind, text: text)
        }
    }

    private func store(kind: Int, text: String?) {
        setInteger(kind, forKey: "NS.special")
        if let text { setString(text, forKey: Self.payloadKeys[kind] ?? "NS.value") }
    }

    /// The value, parsed from its text.
    public var value: Value {
        let kind = integer(forKey: "NS.special") ?? 0
        let text = Self.payloadKeys[kind].flatMap { string(forKey: $0) }
        let numbers = text.flatMap(GeometryText.numbers) ?? []
        switch (kind, numbers.count) {
        case (1, 2): return .point(CGPoint(x: numbers[0], y: numbers[1]))
        case (2, 2): return .size(CGSize(width: numbers[0], height: numbers[1]))
        case (3, 4): return .rect(CGRect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3]))
        default: return .other(kind: kind, text: text)
        }
    }
}
