import NibArchive

/// An AppKit nib (`NSIBObjectData`) → `.xib`. Not modelled yet beyond the document and its
/// placeholders: every archived object is kept as a comment and counted.
final class AppKitDecompilation: DecompileState {
    /// The document; for a storyboard, `storyboard` holds every nib's reader, whose objects are
    /// all counted.
    func run(storyboard: [DecompileReader]? = nil) -> NibDecompiler.Result {
        let document = DecompiledElement(
            "document",
            [
                (
                    "type",
                    storyboard == nil
                        ? "com.apple.InterfaceBuilder3.Cocoa.XIB" : "com.apple.InterfaceBuilder3.Cocoa.Storyboard.XIB"
                ), ("version", "3.0"), ("toolsVersion", "21701"),
                ("targetRuntime", "MacOSX.Cocoa"), ("propertyAccessControl", "none"),
            ])
        document.child("dependencies").append(
            DecompiledElement(
                "plugIn", [("identifier", "com.apple.InterfaceBuilder.CocoaPlugin"), ("version", "21701")]))
        let objects = document.child("objects")
        objects.append(
            DecompiledElement(
                "customObject",
                [("id", "-2"), ("userLabel", "File's Owner"), ("customClass", ownerClass() ?? "NSObject")]))
        objects.append(
            DecompiledElement(
                "customObject", [("id", "-1"), ("userLabel", "First Responder"), ("customClass", "FirstResponder")]))
        objects.append(
            DecompiledElement(
                "customObject", [("id", "-3"), ("userLabel", "Application"), ("customClass", "NSObject")]))
        var counts: [String: Int] = [:]
        for nib in storyboard ?? [reader] {
            for entry in nib.entries { counts[entry.className, default: 0] += 1 }
        }
        for (className, count) in counts.sorted(by: { $0.key < $1.key }) {
            for _ in 0..<count { unmapped["AppKit object \(className)", default: 0] += 1 }
            objects.append(
                .comment(
                    "nibtool decompile: \(count) × \(className) (AppKit objects are not decompiled yet) have no source form"
                ))
        }
        return NibDecompiler.Result(
            document: document.document(), xcode: XcodeEra(13), isBaseLocalized: false, unmapped: unmapped)
    }

    /// File's Owner's class: `NSIBObjectData`'s `NSRoot`, an `NSCustomObject` with `NSClassName`.
    private func ownerClass() -> String? {
        let data = reader.reference(0, "IB.objectdata") ?? 0
        guard let root = reader.reference(data, "NSRoot") else { return nil }
        return reader.string(root, "NSClassName")
    }
}
