import Foundation
import NibArchive
import NibCoding

/// Graphs and archives built in code for the tests.
enum Fixtures {
    /// The login screen of the README example: a view with two labels, two fields and a button,
    /// outlets from File's Owner and a touch-up-inside action to it.
    static func loginScreen() throws -> NibArchive {
        let owner = NibProxy(identifier: NibProxy.filesOwner)
        let firstResponder = NibProxy(identifier: NibProxy.firstResponder)
        let view = NibView(frame: CGRect(x: 0, y: 0, width: 320, height: 480))
        view.backgroundColor = NibColor(white: 1)
        let title = NibLabel(frame: CGRect(x: 20, y: 40, width: 280, height: 21), text: "Sign in")
        let userLabel = NibLabel(frame: CGRect(x: 20, y: 80, width: 280, height: 21), text: "User name")
        let user = NibTextField(frame: CGRect(x: 20, y: 105, width: 280, height: 34), placeholder: "name@example.com")
        let password = NibTextField(
            frame: CGRect(x: 20, y: 150, width: 280, height: 34), placeholder: "Password", isSecure: true)
        let button = NibButton(frame: CGRect(x: 20, y: 200, width: 280, height: 44), title: "Log In")
        for subview in [title, userLabel, user, password, button] { view.addSubview(subview) }
        return try NibEncoder().encodeNib(
            topLevelObjects: [owner, firstResponder, view],
            connections: [
                NibOutletConnection(label: "view", source: owner, destination: view),
                NibOutletConnection(label: "userNameField", source: owner, destination: user),
                NibOutletConnection(label: "passwordField", source: owner, destination: password),
                NibOutletConnection(label: "titleLabel", source: owner, destination: title),
                NibEventConnection(action: "logIn:", source: button, target: owner, events: .touchUpInside),
                NibEventConnection(action: "copy:", source: button, target: firstResponder, events: .touchDown),
            ])
    }

    /// Builds an archive from raw tables: `objects` are (class, values), values are (key, payload).
    static func archive(_ objects: [(String, [(String, NibArchive.Payload)])]) throws -> NibArchive {
        var classes: [String] = []
        var keys: [String] = []
        var values: [NibArchive.Value] = []
        var table: [NibArchive.Object] = []
        for (className, objectValues) in objects {
            if !classes.contains(className) { classes.append(className) }
            let first = values.count
            for (key, payload) in objectValues {
                if !keys.contains(key) { keys.append(key) }
                values.append(NibArchive.Value(keyIndex: keys.firstIndex(of: key) ?? 0, payload: payload))
            }
            table.append(
                NibArchive.Object(
                    classIndex: classes.firstIndex(of: className) ?? 0,
                    firstValueIndex: objectValues.isEmpty ? 0 : first,
                    valueCount: objectValues.count))
        }
        return try NibArchive(
            objects: table, keys: keys.map { NibArchive.Key($0) }, values: values,
            classes: classes.map { NibArchive.ClassName($0) })
    }
}

/// A custom class that reads typed values through `NibCoder`.
final class Badge: NibDecodable {
    var text = ""
    var bounds = CGRect.zero
    var count = 0
    var ratio = 0.0
    var children: [AnyObject] = []
    required init() {}
    func decode(from coder: NibCoder) throws {
        text = try coder.decodeString(forKey: "UIText") ?? ""
        bounds = try coder.decodeCGRect(forKey: "UIBounds")
        count = try coder.decodeInteger(forKey: "count")
        ratio = try coder.decodeDouble(forKey: "ratio")
        children = try coder.decodeArray(forKey: "children") ?? []
    }
}
