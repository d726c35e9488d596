import NibArchive

/// Turns compiled nibs back into Interface Builder documents: a UIKit or AppKit `.nib` into a `.xib`.
///
/// The mapping is the compiler's own knowledge read backwards: each archived key is turned into
/// the attribute or element that the compiler's rules (``NibCompiler``) turn into that key, with
/// their tables (content modes, alignments, constraint attributes, button types, …) inverted. So
/// compiling the decompiled document gives the nib back where the rules model what it holds; the
/// round trip through the compiler is how the decompiler is judged (`Scripts/score-decompile.sh`).
///
/// What has no source form — a key no rule writes, an object the document cannot declare — is
/// never dropped silently: it is kept as an XML comment at the element it belongs to and counted
/// in ``Result/unmapped``.
///
/// The input is hostile input: every reference and value is checked before it is used, the view
/// walk is bounded in depth and visits each object once, and no input makes it trap.
public struct NibDecompiler: Sendable {
    /// A decompiled document.
    public struct Result: Sendable {
        /// The document's XML text.
        public var document: String
        /// The Xcode whose output the nib shows, which the document's `toolsVersion` names (the
        /// `--xcode` to compile it with).
        public var xcode: XcodeEra
        /// Whether the nib's strings are localizable (`NSLocalizableString`): the document then
        /// belongs in a `Base.lproj` folder, as its original did.
        public var isBaseLocalized: Bool
        /// What had no source form, by kind (`UILabel.UIAlpha`, `object UIProgressView`, …): kept as
        /// comments in the document.
        public var unmapped: [String: Int]
        /// Whether the nib is an editable nib bundle's (a macOS directory holding
        /// `keyedobjects.nib` alone, which only `ibtool --flatten NO` writes): the document
        /// compiles back to it with `nibtool compile --editable`.
        public var isEditableBundle = false
        /// Whether the Mac that built the nib showed overlay scrollers (every scroller
        /// layer-backed): the document compiles back to it with `nibtool compile
        /// --overlay-scrollers`, as the document cannot record it.
        public var overlayScrollers = false
        /// The menu check mark and mixed-state image sizes the nib archives, when they are not
        /// the ones the compiler gives its Xcode (the Mac that built it drew them otherwise): the
        /// document compiles back to it with `nibtool compile --menu-state-image-sizes`.
        public var menuStateImageSizes: MenuStateImageSizes?
        /// The processor of the Mac that built the nib, when its controls' text alignment shows
        /// one the compiler does not give its Xcode: the document compiles back to it with
        /// `nibtool compile --build-architecture`.
        public var buildArchitecture: BuildArchitecture?

        /// How many archived values and objects had no source form.
        public var unmappedCount: Int { unmapped.values.reduce(0, +) }
    }

    /// A decompiler.
    public init() {}

    /// Decompiles a nib (a NIBArchive, or a keyed archive read as one) into a `.xib` document.
    ///
    /// - Throws: ``DecompileError`` when the archive is not a nib (no root object with a
    ///   top-level object list).
    public func decompile(_ archive: NibArchive) throws(DecompileError) -> Result {
        try decompile(archive, keyedCompanion: nil)
    }

    /// `decompile(_:)`, with the keyed archive a macOS directory nib holds beside the NIBArchive
    /// read (for what only the keyed form keeps apart: ``AppKitDecompilation/realLimits``).
    func decompile(_ archive: NibArchive, keyedCompanion: NibArchive?) throws(DecompileError) -> Result {
        let reader = DecompileReader(archive)
        guard !reader.entries.isEmpty else { throw DecompileError(message: "the archive has no objects") }
        if reader.has(0, "UINibTopLevelObjectsKey") {
            return UIKitDecompilation(reader: reader).run()
        }
        if reader.has(0, "IB.objectdata") || reader.className(0) == "NSIBObjectData" {
            let decompilation = AppKitDecompilation(reader: reader)
            if let keyedCompanion {
                decompilation.realLimits = AppKitDecompilation.realLimits(in: DecompileReader(keyedCompanion))
            }
            return decompilation.run()
        }
        throw DecompileError(
            message:
                "object 0 (\(reader.className(0))) is not a nib's root: it has neither UINibTopLevelObjectsKey nor IB.objectdata"
        )
    }
}

/// Why a nib could not be decompiled.
public struct DecompileError: Error, Sendable, CustomStringConvertible {
    /// What is wrong.
    public var message: String

    /// The message.
    public var description: String { message }
}
