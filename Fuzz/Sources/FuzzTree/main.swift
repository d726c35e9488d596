// `nibtool tree` in-process on any bytes (a NIBArchive or a keyed archive read from standard
// input): it exits 0 or 2, never traps, hangs or recurses without bound, and its text output
// escapes every control character and bidirectional override that came from the input.
import Foundation
import FuzzSupport
import NibToolCLI

@_cdecl("FuzzTree_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv) { data, size in
        let bytes = inputBytes(data, size)
        for format in ["text", "json"] {
            let buffers = CommandOutput()
            let io = CommandIO(
                readInput: { bytes }, writeOutput: { buffers.output += $0 }, writeError: { buffers.error += $0 })
            let status = NibTool.invoke(["tree", "--format", format, "-"], io: io)
            guard status == 0 || status == 2 else { fatalError("tree exited \(status)") }
            if format == "text" { requireEscaped(buffers.output, "tree") }
        }
        return 0
    }
}
