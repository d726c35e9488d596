import Foundation
import NibArchive
import NibCoding
import NibCompiler
import Testing

/// What NibKit's loader makes of what the compiler writes.
@Suite("Compile, then load with NibCoding")
struct CompileThenLoadTests {
    static let source = Source.iOSXib(
        #"""
        <view contentMode="scaleToFill" id="root"><rect key="frame" x="0" y="0" width="320" height="480"/>
            <subviews>
                <label text="Hello" id="title"><rect key="frame" x="20" y="20" width="280" height="21"/>
                    <fontDescription key="fontDescription" type="system" pointSize="17"/>
                </label>
                <button buttonType="roundedRect" lineBreakMode="middleTruncation" id="go"><rect key="frame" x="20" y="60" width="80" height="30"/>
                    <state key="normal" title="Go"/>
                    <connections><action selector="go:" destination="-1" eventType="touchUpInside" id="a1"/></connections>
                </button>
            </subviews>
        </view>
        """#
    ).replacingOccurrences(
        of: #"userLabel="File's Owner"/>"#,
        with:
            #"userLabel="File's Owner"><connections><outlet property="view" destination="root" id="o1"/><outlet property="titleLabel" destination="title" id="o2"/></connections></placeholder>"#
    )

    @Test("top-level objects, outlets and actions come back as written")
    func load() throws {
        let output = try Source.compiler().compile(Data(Self.source.utf8), fileName: "Screen.xib")
        let nib = try Nib(bytes: output.files[""] ?? [])
        let owner = NibObject()
        let loaded = try nib.instantiation(owner: owner)
        let top = try #require(loaded.topLevelObjects.first as? NibObject)
        #expect(loaded.topLevelObjects.count == 1)
        #expect(top.className == "UIView")
        #expect(Set(loaded.outlets.map(\.name)) == ["view", "titleLabel"])
        #expect(loaded.outlets.allSatisfy { $0.source === owner })
        let action = try #require(loaded.actions.first)
        #expect(action.action == "go:")
        #expect(action.target === owner)
        #expect(action.events == NibControlEvents(rawValue: 64))
        #expect(loaded.objects.count >= 3)
    }
}
