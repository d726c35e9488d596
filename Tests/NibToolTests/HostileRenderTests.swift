import Foundation
import NibArchive
import NibCoding
import Testing

/// `nibtool render` on crafted nibs (issue 20): extreme geometry, long texts, deep hierarchies.
@Suite("nibtool render on hostile nibs")
struct HostileRenderTests {
    /// A nib whose only top-level object is a 320×480 view holding `subviews`.
    static func nib(_ subviews: [NibView]) throws -> [UInt8] {
        let root = NibView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        for subview in subviews { root.addSubview(subview) }
        return try NibEncoder().encodeNib(topLevelObjects: [root]).serialized()
    }

    /// The view kinds the renderer draws differently: label, text field, a switch and a custom
    /// view (both drawn as labelled boxes), each with `frame`.
    static func views(frame: CGRect) -> [NibView] {
        let label = NibLabel(frame: frame, text: "Hello there world")
        label.setInteger(0, forKey: "UINumberOfLines")
        let field = NibTextField(frame: frame, placeholder: "name@example.com")
        let toggle = NibView(frame: frame)
        toggle.className = "UISwitch"
        // A custom view is archived as IB writes it: a class swapper naming its class.
        let custom = NibView(frame: frame)
        custom.className = "UIClassSwapper"
        custom.setString("MyCustomView", forKey: "UIClassName")
        custom.setString("UIView", forKey: "UIOriginalClassName")
        return [label, field, toggle, custom]
    }

    @Test(
        "Widths, heights and origins of 1e308, infinity, NaN or -1e308 draw as a well-formed SVG with finite, bounded numbers",
        arguments: [1e308, -1e308, .infinity, -.infinity, .nan, .greatestFiniteMagnitude, 9.3e18])
    func extremeGeometry(value: Double) throws {
        var frames = [
            CGRect(x: 0, y: 0, width: value, height: value), CGRect(x: 0, y: 0, width: value, height: 30),
            CGRect(x: 0, y: 0, width: 100, height: value), CGRect(x: value, y: value, width: 50, height: 50),
        ]
        frames.append(CGRect(x: value, y: -value, width: value, height: value))
        for frame in frames {
            let run = runTool(["render", "-"], stdin: try Self.nib(Self.views(frame: frame)))
            #expect(run.status == 0, "\(frame): \(run.error)")
            let svg = try #require(SVGRects.parse(Data(run.output)), "\(frame)")
            #expect(svg.rects.map(\.className) == ["UIView", "UILabel", "UITextField", "UISwitch", "MyCustomView"])
            for rect in svg.rects {
                for number in [rect.x, rect.y, rect.width, rect.height] {
                    // The renderer's documented range: coordinates within ±10⁹ points.
                    #expect(number.isFinite && abs(number) <= 1e9, "\(frame): \(rect)")
                }
            }
        }
    }

    @Test("Extreme font sizes, line counts, alpha and corner radius draw without a trap")
    func extremeScalars() throws {
        var views: [NibView] = []
        for (size, lines) in [(1e308, Int.max), (-1e308, Int.min), (.nan, -1), (.infinity, 2)] as [(Double, Int)] {
            let label = NibLabel(
                frame: CGRect(x: 0, y: 0, width: 1e300, height: 1e300), text: "a b c",
                font: NibFont(name: ".SFUI-Regular", pointSize: size, isSystemFont: true))
            label.setInteger(lines, forKey: "UINumberOfLines")
            label.setDouble(size, forKey: "UIAlpha")
            label.setDouble(size, forKey: "UIViewCornerRadius")
            views.append(label)
        }
        let run = runTool(["render", "-"], stdin: try Self.nib(views))
        #expect(run.status == 0, "\(run.error)")
        #expect(SVGRects.parse(Data(run.output))?.rects.count == 5)
    }

    @Test("A label of 100,000 words wraps into the lines that fit, the last one ending with an ellipsis")
    func longText() throws {
        // Font size 10, Helvetica's widths (w 722, space 278, ellipsis 1000 thousandths): 49.5
        // points hold "w w w w w" (47.22); three lines are allowed, the last cut to fit "…".
        let text = Array(repeating: "w", count: 100_000).joined(separator: " ")
        let label = NibLabel(
            frame: CGRect(x: 0, y: 0, width: 49.5, height: 400), text: text,
            font: NibFont(name: ".SFUI-Regular", pointSize: 10, isSystemFont: true))
        label.setInteger(3, forKey: "UINumberOfLines")
        let run = runTool(["render", "-"], stdin: try Self.nib([label]))
        #expect(run.status == 0, "\(run.error)")
        let svg = try #require(SVGRects.parse(Data(run.output)))
        #expect(svg.texts == ["w w w w w", "w w w w w", "w w w w…"])

        // Unlimited lines in a box 1e9 points wide: one line holding every word.
        let wide = NibLabel(
            frame: CGRect(x: 0, y: 0, width: 1e9, height: 30), text: text,
            font: NibFont(name: ".SFUI-Regular", pointSize: 10, isSystemFont: true))
        wide.setInteger(0, forKey: "UINumberOfLines")
        let wideRun = runTool(["render", "-"], stdin: try Self.nib([wide]))
        #expect(SVGRects.parse(Data(wideRun.output))?.texts == [text])
    }

    @Test("A hierarchy 5,000 views deep draws its first 96 levels without recursion")
    func deepHierarchy() throws {
        let top = NibView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        var parent = top
        for _ in 0..<5_000 {
            let child = NibView(frame: CGRect(x: 1, y: 1, width: 300, height: 400))
            parent.addSubview(child)
            parent = child
        }
        let bytes = try NibEncoder().encodeNib(topLevelObjects: [top], objects: [top]).serialized()
        let run = runTool(["render", "-"], stdin: bytes)
        #expect(run.status == 0, "\(run.error)")
        // The top-level view and 95 levels below it (the documented depth of 96).
        #expect(SVGRects.parse(Data(run.output))?.rects.count == 96)
    }
}
