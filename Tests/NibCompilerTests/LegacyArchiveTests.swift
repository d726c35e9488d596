import Foundation
import KeyedArchive
import NibArchive
import NibCoding
import NibCompiler
import Testing

/// Legacy Interface Builder 3 documents (`<archive type="com.apple.InterfaceBuilder3…">`),
/// written by hand in the shape Interface Builder 3 and Xcode 4 wrote them (the 18 real ones
/// are in `../shared/corpus/wild/legacy`, compiled by ``WildCorpusTests``).
@Suite("Legacy Interface Builder 3 documents")
struct LegacyArchiveTests {
    /// A Cocoa document: File's Owner of class MyController, First Responder, Application, a
    /// window (hidden at launch) whose content view holds a button of custom class MyButton;
    /// an outlet, an action to File's Owner and one to First Responder.
    static let cocoa = """
        <?xml version="1.0" encoding="UTF-8"?>
        <archive type="com.apple.InterfaceBuilder3.Cocoa.XIB" version="7.10">
          <data>
            <int key="IBDocument.SystemTarget">1060</int>
            <string key="IBDocument.InterfaceBuilderVersion">823</string>
            <array class="NSMutableArray" key="IBDocument.RootObjects" id="1000">
              <object class="NSCustomObject" id="1"><string key="NSClassName">MyController</string></object>
              <object class="NSCustomObject" id="2"><string key="NSClassName">FirstResponder</string></object>
              <object class="NSCustomObject" id="3"><string key="NSClassName">NSApplication</string></object>
              <object class="NSWindowTemplate" id="4">
                <int key="NSWindowStyleMask">15</int>
                <string key="NSWindowRect">{{196, 240}, {480, 270}}</string>
                <string type="base64-UTF8" key="NSWindowTitle">RmlsZSdzIE93bmVyA</string>
                <string key="NSWindowClass">NSWindow</string>
                <object class="NSView" key="NSWindowView" id="5">
                  <reference key="NSNextResponder"/>
                  <int key="NSvFlags">256</int>
                  <array class="NSMutableArray" key="NSSubviews">
                    <object class="NSButton" id="6">
                      <reference key="NSNextResponder" ref="5"/>
                      <int key="NSvFlags">268</int>
                      <string key="NSFrame">{{20, 20}, {96, 32}}</string>
                      <reference key="NSSuperview" ref="5"/>
                      <object class="NSButtonCell" key="NSCell" id="7">
                        <int key="NSCellFlags">67239424</int>
                        <string key="NSContents">Go</string>
                        <reference key="NSControlView" ref="6"/>
                        <bytes key="NSRGB">MCAwIDAAA</bytes>
                      </object>
                    </object>
                  </array>
                  <string key="NSFrameSize">{480, 270}</string>
                </object>
                <bool key="NSWindowIsRestorable">YES</bool>
              </object>
            </array>
            <object class="IBObjectContainer" key="IBDocument.Objects">
              <array class="NSMutableArray" key="connectionRecords">
                <object class="IBConnectionRecord">
                  <object class="IBOutletConnection" key="connection">
                    <string key="label">window</string>
                    <reference key="source" ref="1"/>
                    <reference key="destination" ref="4"/>
                  </object>
                  <int key="connectionID">20</int>
                </object>
                <object class="IBConnectionRecord">
                  <object class="IBActionConnection" key="connection">
                    <string key="label">go:</string>
                    <reference key="source" ref="6"/>
                    <reference key="destination" ref="1"/>
                  </object>
                  <int key="connectionID">21</int>
                </object>
                <object class="IBConnectionRecord">
                  <object class="IBActionConnection" key="connection">
                    <string key="label">performClose:</string>
                    <reference key="source" ref="6"/>
                    <reference key="destination" ref="2"/>
                  </object>
                  <int key="connectionID">22</int>
                </object>
              </array>
              <object class="IBMutableOrderedSet" key="objectRecords">
                <array key="orderedObjects">
                  <object class="IBObjectRecord">
                    <int key="objectID">0</int>
                    <array key="object" id="100"/>
                    <reference key="children" ref="1000"/>
                    <nil key="parent"/>
                  </object>
                  <object class="IBObjectRecord">
                    <int key="objectID">-2</int><reference key="object" ref="1"/><reference key="parent" ref="100"/>
                  </object>
                  <object class="IBObjectRecord">
                    <int key="objectID">-1</int><reference key="object" ref="2"/><reference key="parent" ref="100"/>
                  </object>
                  <object class="IBObjectRecord">
                    <int key="objectID">-3</int><reference key="object" ref="3"/><reference key="parent" ref="100"/>
                  </object>
                  <object class="IBObjectRecord">
                    <int key="objectID">10</int><reference key="object" ref="4"/><reference key="parent" ref="100"/>
                  </object>
                  <object class="IBObjectRecord">
                    <int key="objectID">11</int><reference key="object" ref="5"/><reference key="parent" ref="4"/>
                  </object>
                  <object class="IBObjectRecord">
                    <int key="objectID">12</int><reference key="object" ref="6"/><reference key="parent" ref="5"/>
                  </object>
                  <object class="IBObjectRecord">
                    <int key="objectID">13</int><reference key="object" ref="7"/><reference key="parent" ref="6"/>
                  </object>
                </array>
              </object>
              <dictionary class="NSMutableDictionary" key="flattenedProperties">
                <boolean value="NO" key="10.NSWindowTemplate.visibleAtLaunch"/>
                <string key="10.IBEditorWindowLastContentRect">{{1, 2}, {3, 4}}</string>
                <string key="12.CustomClassName">MyButton</string>
                <string key="12.IBPluginDependency">com.apple.InterfaceBuilder.CocoaPlugin</string>
                <string key="12.SomethingNew">value</string>
              </dictionary>
              <int key="maxID">22</int>
            </object>
          </data>
        </archive>
        """

    @Test("a Cocoa archive passes its AppKit objects through and builds NSIBObjectData from IB's records")
    func cocoaArchive() throws {
        let output = try Source.compile(Self.cocoa)
        #expect(output.warnings.map(\.kind) == [.unmodelledAttribute])
        #expect(output.warnings.first?.message.contains("SomethingNew") == true)
        let bytes = try #require(output.files[""])
        let graph = Graph(try NibArchive(parsing: bytes))
        let data = try #require(graph.object("IB.objectdata", of: graph.root))
        #expect(graph.nodes[data].className == "NSIBObjectData")
        let owner = try #require(graph.object("NSRoot", of: data))
        #expect(graph.text("NSClassName", of: owner) == "MyController")
        // Hidden at launch: no visible windows.
        #expect(graph.object("NSVisibleWindows", of: data).map(graph.elements) == [])
        // Every recorded object but File's Owner (NSRoot) and First Responder, with its parent.
        let keys = graph.elements(of: try #require(graph.object("NSObjectsKeys", of: data)))
        let parents = graph.elements(of: try #require(graph.object("NSObjectsValues", of: data)))
        #expect(
            keys.map { graph.nodes[$0].className } == [
                "NSCustomObject", "NSWindowTemplate", "NSView", "NSClassSwapper", "NSButtonCell",
            ])
        #expect(keys.allSatisfy { graph.text("NSClassName", of: $0) != "FirstResponder" })
        #expect(parents.count == keys.count)
        #expect(parents.first == owner && parents.dropFirst().first == owner)
        #expect(parents.last == keys[3], "the cell's parent is the button")
        // The window's keys, in document order, with IB's base64 string decoded.
        let window = keys[1]
        #expect(
            graph.nodes[window].values.map(\.key) == [
                "NSWindowStyleMask", "NSWindowRect", "NSWindowTitle", "NSWindowClass", "NSWindowView",
                "NSWindowIsRestorable",
            ])
        #expect(graph.text("NSWindowTitle", of: window) == "File's Owner")
        // The custom class swaps the button; its own keys follow.
        let button = keys[3]
        #expect(graph.text("NSClassName", of: button) == "MyButton")
        #expect(graph.text("NSOriginalClassName", of: button) == "NSButton")
        #expect(graph.object("NSCell", of: button) == keys[4])
        #expect(graph.data("NSRGB", of: keys[4]) == Array("0 0 0\0".utf8))
        // Connections: the outlet, the action to File's Owner, the one to First Responder.
        let connections = graph.elements(of: try #require(graph.object("NSConnections", of: data)))
        #expect(
            connections.map { graph.nodes[$0].className } == [
                "NSNibOutletConnector", "NSNibControlConnector", "NSNibControlConnector",
            ])
        #expect(connections.map { graph.text("NSLabel", of: $0) } == ["window", "go:", "performClose:"])
        #expect(graph.object("NSDestination", of: connections[0]) == window)
        #expect(graph.object("NSDestination", of: connections[1]) == owner)
        #expect(graph.object("NSDestination", of: connections[2]) == nil, "First Responder is no object")
        // The nib loads.
        let nib = try Nib(bytes: bytes)
        _ = try nib.instantiation(owner: NibObject())
    }

    @Test("with --strict, a legacy property without a rule is an error")
    func cocoaStrict() throws {
        #expect(throws: CompileError.self) { try Source.strictCompile(Self.cocoa) }
    }

    @Test("a deployment target before 10.13 gives the keyed-archive variant too")
    func cocoaKeyedVariant() throws {
        var options = NibCompiler.Options(deploymentTarget: "10.6")
        options.module = nil
        let output = try NibCompiler(options: options).compile(Data(Self.cocoa.utf8), fileName: "Legacy.xib")
        let keyed = try #require(output.files["keyedobjects.nib"])
        #expect(NibArchive.isKeyedArchive(keyed))
    }

    /// A Cocoa Touch document: File's Owner of class MyViewController, a view of class MyView
    /// (autoresizing width and height) with a hidden label (red text, centred, bold system
    /// font 14) and a `view` outlet.
    static let cocoaTouch = """
        <?xml version="1.0" encoding="UTF-8"?>
        <archive type="com.apple.InterfaceBuilder3.CocoaTouch.XIB" version="8.00">
          <data>
            <int key="IBDocument.SystemTarget">1536</int>
            <string key="IBDocument.InterfaceBuilderVersion">3084</string>
            <array key="IBDocument.RootObjects" id="1000">
              <object class="IBProxyObject" id="1">
                <string key="IBProxiedObjectIdentifier">IBFilesOwner</string>
                <string key="targetRuntimeIdentifier">IBCocoaTouchFramework</string>
              </object>
              <object class="IBProxyObject" id="2">
                <string key="IBProxiedObjectIdentifier">IBFirstResponder</string>
              </object>
              <object class="IBUIView" id="3">
                <reference key="NSNextResponder"/>
                <int key="NSvFlags">274</int>
                <array class="NSMutableArray" key="NSSubviews">
                  <object class="IBUILabel" id="4">
                    <reference key="NSNextResponder" ref="3"/>
                    <int key="NSvFlags">2147483940</int>
                    <string key="NSFrame">{{20, 20}, {280, 21}}</string>
                    <reference key="NSSuperview" ref="3"/>
                    <bool key="IBUIOpaque">NO</bool>
                    <string key="IBUIText">Hi</string>
                    <object class="NSColor" key="IBUITextColor">
                      <int key="NSColorSpace">1</int>
                      <bytes key="NSRGB">MSAwIDAAA</bytes>
                    </object>
                    <int key="IBUITextAlignment">1</int>
                    <object class="IBUIFontDescription" key="IBUIFontDescription">
                      <int key="type">2</int>
                      <double key="pointSize">14</double>
                    </object>
                  </object>
                </array>
                <string key="NSFrameSize">{320, 460}</string>
              </object>
            </array>
            <object class="IBObjectContainer" key="IBDocument.Objects">
              <array class="NSMutableArray" key="connectionRecords">
                <object class="IBConnectionRecord">
                  <object class="IBCocoaTouchOutletConnection" key="connection">
                    <string key="label">view</string>
                    <reference key="source" ref="1"/>
                    <reference key="destination" ref="3"/>
                  </object>
                  <int key="connectionID">5</int>
                </object>
              </array>
              <object class="IBMutableOrderedSet" key="objectRecords">
                <array key="orderedObjects">
                  <object class="IBObjectRecord">
                    <int key="objectID">0</int><array key="object" id="100"/><nil key="parent"/>
                  </object>
                  <object class="IBObjectRecord">
                    <int key="objectID">-1</int><reference key="object" ref="1"/><reference key="parent" ref="100"/>
                  </object>
                  <object class="IBObjectRecord">
                    <int key="objectID">-2</int><reference key="object" ref="2"/><reference key="parent" ref="100"/>
                  </object>
                  <object class="IBObjectRecord">
                    <int key="objectID">3</int><reference key="object" ref="3"/><reference key="parent" ref="100"/>
                  </object>
                  <object class="IBObjectRecord">
                    <int key="objectID">4</int><reference key="object" ref="4"/><reference key="parent" ref="3"/>
                  </object>
                </array>
              </object>
              <dictionary class="NSMutableDictionary" key="flattenedProperties">
                <string key="-1.CustomClassName">MyViewController</string>
                <string key="3.CustomClassName">MyView</string>
                <string key="4.IBPluginDependency">com.apple.InterfaceBuilder.IBCocoaTouchPlugin</string>
              </dictionary>
            </object>
          </data>
        </archive>
        """

    @Test("a Cocoa Touch archive is upgraded to a document and compiled by the UIKit rules")
    func cocoaTouchArchive() throws {
        let output = try Source.compile(Self.cocoaTouch)
        let bytes = try #require(output.files[""])
        let graph = Graph(try NibArchive(parsing: bytes))
        #expect(graph.topLevelClasses.contains("UIClassSwapper"))
        let view = try #require(graph.all("UIClassSwapper").first)
        #expect(graph.text("UIClassName", of: view) == "MyView")
        #expect(graph.text("UIOriginalClassName", of: view) == "UIView")
        // UIViewAutoresizingFlexibleWidth | FlexibleHeight.
        #expect(graph.value("UIAutoresizingMask", of: view) == .int8(18))
        let label = try #require(graph.all("UILabel").first)
        #expect(graph.text("UIText", of: label) == "Hi")
        #expect(graph.value("UIHidden", of: label) == .bool(true))
        #expect(graph.value("UITextAlignment", of: label) == .int8(1))
        #expect(graph.className("UITextColor", of: label) == "UIColor")
        let outlet = try #require(graph.all("UIRuntimeOutletConnection").first)
        #expect(graph.text("UILabel", of: outlet) == "view")
        #expect(graph.object("UIDestination", of: outlet) == view)
        let nib = try Nib(bytes: bytes)
        _ = try nib.instantiation(owner: NibObject())
    }

    @Test("hostile archives: a reference cycle in the view tree and a dangling reference are warnings")
    func hostileCocoaTouch() throws {
        // The label's subviews contain the view that contains it.
        let cyclic = Self.cocoaTouch.replacingOccurrences(
            of: "<bool key=\"IBUIOpaque\">NO</bool>",
            with: "<array key=\"NSSubviews\"><reference ref=\"3\"/><reference ref=\"999\"/></array>")
        let output = try Source.compile(cyclic)
        #expect(output.warnings.contains { $0.message.contains("appears twice") })
        #expect(output.files[""] != nil)
    }

    @Test("an archive of another kind is refused with its type")
    func otherArchive() {
        let text = "<archive type=\"com.example.Other\" version=\"1\"><data/></archive>"
        #expect {
            try Source.compile(text)
        } throws: { error in
            (error as? CompileError)?.code == .unsupportedDocument
                && (error as? CompileError)?.message.contains("com.example.Other") == true
        }
    }
}
