import Benchmark
import Foundation
import NibCompiler

/// An iOS xib whose one top-level view holds `count` subviews, each pinned by a constraint and
/// connected to an outlet of File's Owner: many siblings, many constraints, many connections.
func wideDocument(_ count: Int) -> Data {
    var views = ""
    var constraints = ""
    var outlets = ""
    for index in 0..<count {
        views += #"<view contentMode="scaleToFill" translatesAutoresizingMaskIntoConstraints="NO" id="v\#(index)">"#
        views += #"<rect key="frame" x="0" y="\#(index)" width="10" height="10"/></view>"# + "\n"
        constraints += #"<constraint firstItem="v\#(index)" firstAttribute="top" secondItem="root" "#
        constraints += #"secondAttribute="top" constant="\#(index)" id="c\#(index)"/>"# + "\n"
        outlets += #"<outlet property="p\#(index)" destination="v\#(index)" id="o\#(index)"/>"# + "\n"
    }
    let text = """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="3.0" toolsVersion="14113" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES">
            <objects>
                <placeholder placeholderIdentifier="IBFilesOwner" id="-1" userLabel="File's Owner"><connections>\(outlets)</connections></placeholder>
                <placeholder placeholderIdentifier="IBFirstResponder" id="-2" customClass="UIResponder"/>
                <view contentMode="scaleToFill" id="root"><rect key="frame" x="0" y="0" width="320" height="480"/>
                    <subviews>\(views)</subviews><constraints>\(constraints)</constraints></view>
            </objects>
        </document>
        """
    return Data(text.utf8)
}

/// Compile of wide documents at n, 2n, 4n and 8n elements (issue 20: must grow as n log n at
/// most). Compare the fastest CPU times (cpuTotal) across the four sizes: on a shared machine the
/// wall clock also counts the time other work holds the cores.
func scalingBenchmarks() {
    let configuration = Benchmark.Configuration(
        metrics: [.wallClock, .cpuTotal, .peakMemoryResident], scalingFactor: .one, maxDuration: .seconds(5),
        maxIterations: 10)
    let compiler = NibCompiler()
    for count in [1_000, 2_000, 4_000, 8_000] {
        let document = wideDocument(count)
        Benchmark(
            "Compile scaling: \(count) sibling views, constraints and outlets (\(document.count) bytes)",
            configuration: configuration
        ) { benchmark in
            for _ in benchmark.scaledIterations {
                blackHole(try? compiler.compile(document, fileName: "Wide.xib"))
            }
        }
    }
}
