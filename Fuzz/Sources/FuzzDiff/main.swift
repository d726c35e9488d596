// `nibtool diff` in-process: the input is two nibs, split at its first "NIBArchive" magic after
// byte 0 (or at the middle). Diff exits 0, 1 or 2 and never traps or hangs; a nib compared
// with itself has no differences (exit 0), or stops at a limit (exit 2); the text output
// escapes what came from the input.
import Foundation
import FuzzSupport
import NibToolCLI

@_cdecl("FuzzDiff_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv) { data, size in
        let bytes = inputBytes(data, size)
        let magic = Array("NIBArchive".utf8)
        var split = bytes.count / 2
        if bytes.count > magic.count {
            for index in 1...(bytes.count - magic.count) where bytes[index..<(index + magic.count)].elementsEqual(magic)
            {
                split = index
                break
            }
        }
        let left = Array(bytes[..<split])
        let right = Array(bytes[split...])
        let leftPath = scratchFile("left.nib", left)
        let (status, output) = diff(leftPath, right)
        guard (0...2).contains(status) else { fatalError("diff exited \(status)") }
        requireEscaped(output, "diff")
        let (selfStatus, selfOutput) = diff(leftPath, left)
        guard selfStatus == 0 || selfStatus == 2 else {
            fatalError("a nib differs from itself: \(String(decoding: selfOutput.prefix(500), as: UTF8.self))")
        }
        return 0
    }
}

func diff(_ leftPath: String, _ right: [UInt8]) -> (Int32, [UInt8]) {
    let buffers = CommandOutput()
    let io = CommandIO(
        readInput: { right }, writeOutput: { buffers.output += $0 }, writeError: { buffers.error += $0 })
    return (NibTool.invoke(["diff", leftPath, "-"], io: io), buffers.output)
}
