// Property list parsing and keyed archive → NIBArchive conversion (old keyed nibs are input
// too): any bytes either fail with a KeyedArchiveError or give an archive that writes back,
// re-parses equal, and survives the trip through the keyed form in both plist formats.
import FuzzSupport
import KeyedArchive
import NibArchive

@_cdecl("FuzzKeyedArchive_main")
func fuzzMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv) { data, size in
        check(inputBytes(data, size))
        return 0
    }
}

func check(_ bytes: [UInt8]) {
    let plist: PropertyList
    do {
        plist = try PropertyList(parsing: bytes)
    } catch {
        if let offset = error.offset, offset < 0 || offset > bytes.count {
            fatalError("error offset \(offset) outside the \(bytes.count)-byte input")
        }
        return
    }
    // Whatever parses writes back in binary and re-reads equal.
    guard let binary = try? plist.serialized(as: .binary), (try? PropertyList(parsing: binary)) == plist else {
        fatalError("a parsed property list does not write back and re-read equal")
    }
    guard let archive = try? NibArchive(keyedArchive: plist) else { return }
    guard let reparsed = try? NibArchive(parsing: archive.serialized()), reparsed == archive else {
        fatalError("a converted archive does not re-parse equal")
    }
    // An annotation may describe shared value runs; writing them out again may stop at the
    // expansion limit, which is an answer too.
    guard let keyed = try? archive.keyedArchive().propertyList else { return }
    for format in PropertyList.Format.allCases {
        guard let written = try? keyed.serialized(as: format) else {
            if format == .xml { continue }
            fatalError("the keyed form of a converted archive does not write as binary")
        }
        guard let back = try? NibArchive(keyedArchiveBytes: written), back == archive else {
            fatalError("nib → keyed (\(format)) → nib changed the archive")
        }
    }
}
