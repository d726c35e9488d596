// `nibtool scan` in-process on one file of any bytes (a zip, a NIBArchive, a keyed archive):
// it exits 0 or 2, never traps, hangs or inflates without bound, and its text output escapes
// what came from the input.
import Foundation
import FuzzSupport
import NibToolCLI

@_cdecl("FuzzScan_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv) { data, size in
        let bytes = inputBytes(data, size)
        // A name the scanner treats as a nib, or a zip when the bytes are one.
        let path = scratchFile(bytes.starts(with: [0x50, 0x4B]) ? "input.ipa" : "input.nib", bytes)
        let buffers = CommandOutput()
        let io = CommandIO(
            readInput: { [] }, writeOutput: { buffers.output += $0 }, writeError: { buffers.error += $0 })
        let status = NibTool.invoke(["scan", "--max-inflated-bytes", "67108864", path], io: io)
        guard status == 0 || status == 2 else { fatalError("scan exited \(status)") }
        requireEscaped(buffers.output, "scan")
        return 0
    }
}
