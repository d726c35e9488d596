// `nibtool compile`: Interface Builder XML (any bytes) → nib. Every input either compiles or
// fails with a `CompileError`; nothing may trap (number conversions, indices), hang or recurse
// without bound. A compiled nib must parse, and decode as a graph.
import Foundation
import FuzzSupport
import KeyedArchive
import NibArchive
import NibCoding
import NibCompiler

/// Stand-ins for Apple's ICC profiles, so AppKit colors compile instead of stopping at the
/// missing-profile error (their bytes are copied into the nib, whatever they are).
let profiles: URL = {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("nibkit-fuzz-profiles")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for name in ["Generic Gray Gamma 2.2 Profile.icc", "sRGB Profile.icc"] {
        try? Data("stand-in \(name)".utf8).write(to: folder.appendingPathComponent(name))
    }
    return folder
}()

@_cdecl("FuzzCompile_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv) { data, size in
        compile(inputBytes(data, size))
        return 0
    }
}

func compile(_ bytes: [UInt8]) {
    var options = NibCompiler.Options()
    options.colorProfiles = profiles
    // The first byte picks what ibtool varies on, so the corpus sources keep their meaning.
    let selector = bytes.first ?? 0
    options.baseLocalized = selector & 1 == 1
    if selector & 2 == 2 { options.module = "FuzzModule" }
    guard let compiled = try? NibCompiler(options: options).compile(Data(bytes), fileName: "Fuzz.xib") else { return }
    for (name, file) in compiled.files where name.isEmpty || name.hasSuffix(".nib") {
        // A macOS directory nib for deployment targets before 10.13 holds a keyed-archive variant.
        let parsed =
            NibArchive.isKeyedArchive(file) ? try? NibArchive(keyedArchiveBytes: file) : try? NibArchive(parsing: file)
        guard let archive = parsed else {
            fatalError("the compiler wrote a nib that does not parse: \(name)")
        }
        _ = try? Nib(archive: archive).decodeGraph()
    }
}
