import Foundation
import NibArchive
import NibCompiler
import Testing

/// Compiles hand-written sources and reads the result back as a small object graph.
enum Source {
    /// Whether the compilers made by ``compiler(_:)`` refuse what they would otherwise leave
    /// out or approximate with a warning (`nibtool compile --strict`); see ``refusing(_:)``.
    @TaskLocal static var isStrict = false

    /// A compiler with `options`, strict inside ``refusing(_:)``.
    static func compiler(_ options: NibCompiler.Options = NibCompiler.Options()) -> NibCompiler {
        var options = options
        if isStrict { options.approximations = .refuse }
        return NibCompiler(options: options)
    }

    /// Runs `work` with every test compiler strict: for tests that check what a rule refuses
    /// (a default compile leaves the same part out with a warning).
    static func refusing<Result>(_ work: () throws -> Result) throws -> Result {
        try $isStrict.withValue(true) { try work() }
    }

    /// An iOS `.xib` whose `<objects>` hold the owner, first responder and `body`.
    static func iOSXib(_ body: String, resources: String = "") -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="14113" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES">
            <objects>
                <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"/>
                <placeholder placeholderIdentifier="IBFirstResponder" id="-2" customClass="UIResponder"/>
        \(body)
            </objects>
            <resources>\(resources)</resources>
        </document>
        """
    }

    /// A macOS `.xib` whose `<objects>` hold the three standard placeholders and `body`.
    static func macOSXib(_ body: String, toolsVersion: Int = 15702) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.Cocoa.XIB" version="3.0" toolsVersion="\(toolsVersion)" targetRuntime="MacOSX.Cocoa" propertyAccessControl="none">
            <objects>
                <customObject id="-2" userLabel="File's Owner" customClass="NSApplication"/>
                <customObject id="-1" userLabel="First Responder" customClass="FirstResponder"/>
                <customObject id="-3" userLabel="Application" customClass="NSObject"/>
        \(body)
            </objects>
        </document>
        """
    }

    static func compile(_ text: String, fileName: String = "Test.xib", baseLocalized: Bool = false) throws
        -> CompiledNib
    {
        try Source.compiler().compile(Data(text.utf8), fileName: fileName, isBaseLocalized: baseLocalized)
    }

    /// Compiles with approximations and unmodelled parts refused (`nibtool compile --strict`):
    /// what a default compile leaves out with a warning is an error here.
    static func strictCompile(_ text: String, fileName: String = "Test.xib", baseLocalized: Bool = false) throws
        -> CompiledNib
    {
        var options = NibCompiler.Options()
        options.approximations = .refuse
        return try NibCompiler(options: options).compile(
            Data(text.utf8), fileName: fileName, isBaseLocalized: baseLocalized)
    }

    /// ``strictCompile(_:fileName:baseLocalized:)`` read back as a graph.
    static func strictGraph(_ text: String, baseLocalized: Bool = false) throws -> Graph {
        let output = try strictCompile(text, baseLocalized: baseLocalized)
        return try Graph(NibArchive(parsing: output.files[""] ?? []))
    }

    static func graph(_ text: String, baseLocalized: Bool = false) throws -> Graph {
        let output = try compile(text, baseLocalized: baseLocalized)
        return try Graph(NibArchive(parsing: output.files[""] ?? []))
    }

    /// Checks that `text` is an approximation of `kind`: compiled by default with a warning of
    /// that kind naming `phrase`, refused (`approximation-refused`) when approximations are.
    static func expectApproximation(
        _ text: String, _ kind: CompileWarning.Kind, mentioning phrase: String, fileName: String = "Test.xib",
        options: NibCompiler.Options = NibCompiler.Options(), sourceLocation: SourceLocation = #_sourceLocation
    ) {
        do {
            let output = try Source.compiler(options).compile(Data(text.utf8), fileName: fileName)
            #expect(
                output.warnings.contains { $0.kind == kind && $0.message.contains(phrase) },
                "warnings: \(output.warnings)", sourceLocation: sourceLocation)
        } catch {
            Issue.record("expected a \(kind) warning, got \(error)", sourceLocation: sourceLocation)
        }
        var strict = options
        strict.approximations = .refuse
        do {
            _ = try Source.compiler(strict).compile(Data(text.utf8), fileName: fileName)
            Issue.record("expected approximation-refused with approximations refused", sourceLocation: sourceLocation)
        } catch {
            #expect(error.code == .approximationRefused, "\(error)", sourceLocation: sourceLocation)
            #expect(error.message.contains(phrase), "\(error)", sourceLocation: sourceLocation)
        }
    }

    /// Compiles with `options` (for example a `colorProfiles` folder) and reads the result back.
    static func graph(_ text: String, options: NibCompiler.Options) throws -> Graph {
        let output = try Source.compiler(options).compile(Data(text.utf8), fileName: "Test.xib")
        return try Graph(NibArchive(parsing: output.files[""] ?? []))
    }
}

/// A compiled archive as objects with named values, for assertions.
struct Graph {
    struct Node {
        var className: String
        var values: [(key: String, payload: NibArchive.Payload)]
    }

    var nodes: [Node]

    init(_ archive: NibArchive) {
        nodes = archive.objects.map { object in
            Node(
                className: archive.className(of: object),
                values: archive.values(of: object).map { (archive.keyName(of: $0), $0.payload) })
        }
    }

    var root: Int { 0 }

    func value(_ key: String, of index: Int) -> NibArchive.Payload? {
        nodes[index].values.first { $0.key == key }?.payload
    }

    func object(_ key: String, of index: Int) -> Int? {
        if case .objectReference(let target)? = value(key, of: index) { return Int(target) }
        return nil
    }

    /// The elements of a collection, in either form: inlined (`UINibEncoderEmptyKey` values) or
    /// keyed (`NS.object.0`, `NS.object.1`, …, as `NSOrderedSet` has them).
    func elements(of index: Int) -> [Int] {
        guard nodes.indices.contains(index) else { return [] }
        return nodes[index].values.compactMap { value in
            guard value.key == NibArchive.Builder.emptyKey || value.key.hasPrefix("NS.object."),
                case .objectReference(let target) = value.payload
            else {
                return nil
            }
            return Int(target)
        }
    }

    func string(_ index: Int) -> String? {
        guard case .data(let bytes)? = value("NS.bytes", of: index) else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The string an `NSString` reference under `key` points at.
    func text(_ key: String, of index: Int) -> String? {
        object(key, of: index).flatMap(string)
    }

    /// The class of the object referenced under `key`.
    func className(_ key: String, of index: Int) -> String? {
        object(key, of: index).map { nodes[$0].className }
    }

    /// The bytes of a data value under `key`.
    func data(_ key: String, of index: Int) -> [UInt8]? {
        guard case .data(let bytes)? = value(key, of: index) else { return nil }
        return Array(bytes)
    }

    /// The objects of `className`, in table order.
    func all(_ className: String) -> [Int] {
        nodes.indices.filter { nodes[$0].className == className }
    }

    /// The iOS top-level objects' class names.
    var topLevelClasses: [String] {
        guard let array = object("UINibTopLevelObjectsKey", of: root) else { return [] }
        return elements(of: array).map { nodes[$0].className }
    }
}
