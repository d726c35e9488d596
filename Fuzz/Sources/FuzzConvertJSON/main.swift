// `nibtool convert` of JSON input (hand-edited JSON is input too): any bytes either fail with a
// NibArchiveError or give an archive whose canonical bytes re-parse to an equal archive.
import Foundation
import FuzzSupport
import NibArchive

@_cdecl("FuzzConvertJSON_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv) { data, size in
        check(Data(inputBytes(data, size)))
        return 0
    }
}

func check(_ json: Data) {
    guard let archive = try? NibArchive(json: json) else { return }
    let bytes = archive.serialized()
    _ = NibArchive.validate(bytes, level: .canonical)
    _ = archive.jsonString()
    guard let reparsed = try? NibArchive(parsing: archive.serialized(layout: .canonical)) else {
        fatalError("canonical bytes of a JSON archive do not parse")
    }
    guard reparsed == archive else { fatalError("canonical bytes re-parse to a different archive") }
}
