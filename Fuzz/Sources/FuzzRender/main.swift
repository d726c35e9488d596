// `nibtool render`: any bytes → an SVG of the nib's top-level views, or a reported failure.
// Nothing may trap (geometry converted to integers, text wrapping), hang (quadratic wrapping) or
// recurse without bound (the view walk). An SVG that is drawn must be a whole document.
import Foundation
import FuzzSupport
import NibArchive
import NibCoding
import NibToolCLI

@_cdecl("FuzzRender_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    if writeSeeds() { return 0 }
    return runFuzzer(argc, argv) { data, size in
        render(inputBytes(data, size))
        return 0
    }
}

final class Output: @unchecked Sendable {
    var bytes: [UInt8] = []
}

func render(_ bytes: [UInt8]) {
    let output = Output()
    let io = CommandIO(readInput: { bytes }, writeOutput: { output.bytes += $0 }, writeError: { _ in })
    let status = NibTool.invoke(["render", "-"], io: io)
    switch status {
    case 0:
        let text = String(decoding: output.bytes, as: UTF8.self)
        guard text.hasPrefix("<?xml"), text.hasSuffix("</svg>\n") else { fatalError("render drew a partial SVG") }
    case 1, 2: break
    default: fatalError("render exited \(status)")
    }
}

/// The structures issue 20 found: extreme geometry on each kind of view the renderer draws
/// differently, long texts, deep and cyclic-looking hierarchies. Written when
/// `NIBKIT_FUZZ_WRITE_SEEDS` names a folder (Scripts/fuzz.sh does; copies are in Fuzz/Seeds).
func writeSeeds() -> Bool {
    guard let folder = ProcessInfo.processInfo.environment["NIBKIT_FUZZ_WRITE_SEEDS"] else { return false }
    func write(_ name: String, _ topLevel: [AnyObject]) {
        guard let archive = try? NibEncoder().encodeNib(topLevelObjects: topLevel) else { return }
        try? Data(archive.serialized()).write(to: URL(fileURLWithPath: folder).appendingPathComponent(name))
    }
    func screen(_ subviews: [NibView]) -> NibView {
        let root = NibView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        for subview in subviews { root.addSubview(subview) }
        return root
    }
    func kinds(_ frame: CGRect) -> [NibView] {
        let label = NibLabel(frame: frame, text: "Hello there world")
        label.setInteger(0, forKey: "UINumberOfLines")
        let field = NibTextField(frame: frame, placeholder: "name@example.com")
        let button = NibButton(frame: frame, title: "Log In")
        let toggle = NibView(frame: frame)
        toggle.className = "UISwitch"
        let custom = NibView(frame: frame)
        custom.className = "UIClassSwapper"
        custom.setString("MyCustomView", forKey: "UIClassName")
        custom.setString("UIView", forKey: "UIOriginalClassName")
        return [label, field, button, toggle, custom]
    }
    for (name, value) in [("1e308", 1e308), ("inf", Double.infinity), ("nan", Double.nan), ("neg", -1e308)] {
        write("render-extreme-\(name).nib", [screen(kinds(CGRect(x: value, y: 0, width: value, height: value)))])
    }
    let words = Array(repeating: "word", count: 2_000).joined(separator: " ")
    let long = NibLabel(
        frame: CGRect(x: 0, y: 0, width: 1e9, height: 200), text: words,
        font: NibFont(name: ".SFUI-Regular", pointSize: 10, isSystemFont: true))
    long.setInteger(0, forKey: "UINumberOfLines")
    write("render-long-text.nib", [screen([long])])
    let top = NibView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
    var parent = top
    for _ in 0..<200 {
        let child = NibView(frame: CGRect(x: 1, y: 1, width: 300, height: 400))
        parent.addSubview(child)
        parent = child
    }
    write("render-deep.nib", [top])
    let wide = screen(
        (0..<300).map { NibLabel(frame: CGRect(x: 0, y: Double($0), width: 50, height: 10), text: "\($0)") })
    write("render-wide.nib", [wide])
    return true
}
