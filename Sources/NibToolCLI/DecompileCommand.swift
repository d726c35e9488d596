import ArgumentParser
import Foundation
import KeyedArchive
import NibArchive
import NibCompiler

/// `nibtool decompile INPUT -o OUTPUT`: a compiled nib back to an Interface Builder document.
struct Decompile: IOCommand {
    static let configuration = CommandConfiguration(
        abstract: "Turn a compiled .nib back into a .xib (a .storyboardc into a .storyboard).",
        discussion: """
            The input is a NIBArchive or keyed-archive .nib file, a directory nib, or a .storyboardc folder. The output is the one file -o names (.xib for a nib, .storyboard for a .storyboardc); nothing else is written, and no output name comes from the input.

            The mapping is the compiler's own (NibCompiler's rules read backwards), so `nibtool compile` gives the nib back where its rules model what the nib holds; the document's toolsVersion names the Xcode whose output the nib shows. What has no source form is kept as an XML comment at its element, never dropped silently; standard error gets a summary counting it by kind.

            Examples:
              nibtool decompile View.nib -o View.xib
              nibtool decompile Main.storyboardc -o Main.storyboard
            """)

    @Argument(help: "The compiled nib: a .nib file or folder, or a .storyboardc folder.")
    var input: String

    @Option(name: [.short, .customLong("output")], help: "The .xib or .storyboard file to write.")
    var output: String

    @OptionGroup var expansion: ExpansionOption

    func execute(_ io: CommandIO) throws {
        let files = FileAccess(io: io)
        let result: NibDecompiler.Result
        if let bundle = try files.bundle(at: input) {
            if bundle.kind == .storyboard {
                guard output.hasSuffix(".storyboard") else {
                    throw files.fail(
                        output, "a .storyboardc decompiles to a .storyboard: name the output so",
                        status: ExitStatus.usage)
                }
                var nibs: [(name: String, archive: NibArchive)] = []
                for nib in bundle.nibs {
                    nibs.append(
                        (
                            nib.name,
                            try files.archive(
                                from: nib.bytes, path: input + "/" + nib.name, expansionLimit: expansion.limit)
                        ))
                }
                let info = bundle.files.first { $0.name == "Info.plist" }?.bytes
                do {
                    result = try NibDecompiler().decompileStoryboard(nibs: nibs, infoPlist: info)
                } catch {
                    throw files.fail(input, "\(error)")
                }
            } else {
                guard output.hasSuffix(".xib") else {
                    throw files.fail(output, "a nib decompiles to a .xib: name the output so", status: ExitStatus.usage)
                }
                // The decompiler chooses the variant (the newest objects-<V>+.nib, else
                // runtime.nib, else the last by name).
                var nibs: [(name: String, archive: NibArchive)] = []
                for nib in bundle.nibs {
                    nibs.append(
                        (
                            nib.name,
                            try files.archive(
                                from: nib.bytes, path: input + "/" + nib.name, expansionLimit: expansion.limit)
                        ))
                }
                do {
                    result = try NibDecompiler().decompile(directoryNib: nibs)
                } catch {
                    throw files.fail(input, "\(error)")
                }
            }
        } else {
            guard output.hasSuffix(".xib") else {
                throw files.fail(output, "a nib decompiles to a .xib: name the output so", status: ExitStatus.usage)
            }
            let bytes = try files.read(input)
            let archive = try files.archive(from: bytes, path: input, expansionLimit: expansion.limit)
            do {
                result =
                    NibArchive.isKeyedArchive(bytes)
                    ? try NibDecompiler().decompile(keyedArchiveFile: archive) : try NibDecompiler().decompile(archive)
            } catch {
                throw files.fail(input, "\(error)")
            }
        }
        guard output != "-" else {
            throw files.fail(
                output, "decompile writes the file -o names, not standard output", status: ExitStatus.usage)
        }
        try files.write(Array(result.document.utf8), to: output)
        var summary = "nibtool: decompiled \(input) as Xcode \(result.xcode)"
        if result.isBaseLocalized { summary += " (localizable strings: the document belongs in Base.lproj)" }
        if result.overlayScrollers {
            summary +=
                " (built with overlay scrollers, every scroller layer-backed: it compiles back with --overlay-scrollers)"
        }
        if let sizes = result.menuStateImageSizes {
            summary +=
                " (menu state images of other sizes, the building Mac's: it compiles back with --menu-state-image-sizes \(sizes.argument))"
        }
        if let architecture = result.buildArchitecture {
            summary +=
                " (text alignment numbered on an \(architecture == .x86_64 ? "Intel" : "Apple silicon") Mac: it compiles back with --build-architecture \(architecture.rawValue))"
        }
        if result.isEditableBundle {
            summary += " (an editable nib bundle, keyedobjects.nib alone: it compiles back with --editable)"
        }
        if result.unmappedCount == 0 {
            summary += "; everything has a source form"
        } else {
            summary += "; \(result.unmappedCount) without a source form, kept as comments:"
            for (kind, count) in result.unmapped.sorted(by: { ($1.value, $0.key) < ($0.value, $1.key) }).prefix(12) {
                summary += "\n  \(count) × \(kind)"
            }
            if result.unmapped.count > 12 { summary += "\n  … \(result.unmapped.count - 12) more kinds" }
        }
        io.error(summary)
    }
}
