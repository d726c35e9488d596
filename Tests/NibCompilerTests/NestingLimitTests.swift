import Foundation
import NibArchive
import NibCompiler
import Testing

/// Elements nested without bound must not exhaust the stack (issue 20): the parser refuses a
/// source past ``NibCompiler/Options/maximumNestingDepth`` with an error naming the limit, and
/// everything up to it compiles.
@Suite("Nesting depth is bounded")
struct NestingLimitTests {
    /// An iOS xib whose top-level view holds `depth` views, each inside the previous one.
    static func nestedUIKitViews(_ depth: Int) -> String {
        let open = String(
            repeating:
                #"<view contentMode="scaleToFill" id="v"><rect key="frame" x="0" y="0" width="10" height="10"/><subviews>"#,
            count: depth)
        return Source.iOSXib(open + String(repeating: "</subviews></view>", count: depth))
    }

    /// A macOS xib whose top-level custom view holds `depth` custom views, nested.
    static func nestedAppKitViews(_ depth: Int) -> String {
        let open = String(
            repeating: #"<customView id="v"><rect key="frame" x="0" y="0" width="10" height="10"/><subviews>"#,
            count: depth)
        return Source.macOSXib(open + String(repeating: "</subviews></customView>", count: depth))
    }

    @Test(
        "10,000 nested views (UIKit, AppKit) and 40,000 nested elements are a limit error, not a crash",
        arguments: [
            nestedUIKitViews(10_000), nestedAppKitViews(10_000),
            Source.iOSXib(String(repeating: "<a>", count: 40_000) + String(repeating: "</a>", count: 40_000)),
        ])
    func deepSourcesAreRefused(source: String) throws {
        let error = try #require(throws: CompileError.self) { try Source.compile(source) }
        #expect(error.code == .limitExceeded)
        #expect(error.message.contains("256") && error.message.contains("--max-nesting-depth"))
        #expect(error.line > 0)
    }

    @Test("sources nested up to the limit compile (the stack holds on a test thread, debug build)")
    func nestingUpToTheLimitCompiles() throws {
        // Each view is two levels (<view><subviews>); document and objects add two.
        let views = (SourceDocument.defaultMaximumNestingDepth - 2) / 2
        let output = try Source.compile(Self.nestedUIKitViews(views))
        let graph = try Graph(NibArchive(parsing: output.files[""] ?? []))
        #expect(graph.all("UIView").count == views)
        let appKit = try Source.compile(Self.nestedAppKitViews(views))
        #expect(!(appKit.files[""] ?? []).isEmpty)
    }

    @Test("the option raises the limit")
    func optionRaisesTheLimit() throws {
        var options = NibCompiler.Options()
        options.maximumNestingDepth = 20
        #expect(throws: CompileError.self) {
            try NibCompiler(options: options).compile(Data(Self.nestedUIKitViews(12).utf8), fileName: "Deep.xib")
        }
        options.maximumNestingDepth = 40
        _ = try NibCompiler(options: options).compile(Data(Self.nestedUIKitViews(12).utf8), fileName: "Deep.xib")
    }
}

/// Frame components that are not finite numbers are reported, not silently made 0 (issue 20).
@Suite("Non-finite geometry")
struct NonFiniteGeometryTests {
    @Test(
        "inf, nan and 1e400 in a frame are warnings naming the component; strict refuses them",
        arguments: ["inf", "nan", "1e400"])
    func nonFiniteFrame(value: String) throws {
        let source = Source.iOSXib(
            #"<view contentMode="scaleToFill" id="v1"><rect key="frame" x="0" y="0" width="\#(value)" height="10"/></view>"#
        )
        let output = try Source.compile(source)
        #expect(output.warnings.contains { $0.kind == .invalidSource && $0.message.contains("width \"\(value)\"") })
        #expect(throws: CompileError.self) { try Source.strictCompile(source) }
        let appKit = Source.macOSXib(
            #"<customView id="v1"><rect key="frame" x="0" y="0" width="10" height="\#(value)"/></customView>"#)
        #expect(try Source.compile(appKit).warnings.contains { $0.message.contains("height \"\(value)\"") })
    }
}
