// Builds Examples/LoginScreen/LoginScreen.nib from Swift code with NibEncoder.
//
//   swift run LoginScreenExample Examples/LoginScreen/LoginScreen.nib
//   swift run nibtool tree Examples/LoginScreen/LoginScreen.nib
//
// The nib is what Interface Builder would compile from a xib with a view, two labels, two
// text fields and a button, File's Owner outlets to the view, the fields and the title, and
// the button's touch-up-inside action `logIn:` sent to File's Owner.
import Foundation
import NibArchive
import NibCoding

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

let archive = try NibEncoder().encodeNib(
    topLevelObjects: [owner, firstResponder, view],
    connections: [
        NibOutletConnection(label: "view", source: owner, destination: view),
        NibOutletConnection(label: "userNameField", source: owner, destination: user),
        NibOutletConnection(label: "passwordField", source: owner, destination: password),
        NibOutletConnection(label: "titleLabel", source: owner, destination: title),
        NibEventConnection(action: "logIn:", source: button, target: owner, events: .touchUpInside),
        NibEventConnection(action: "copy:", source: button, target: firstResponder, events: .touchDown),
    ])

let path = CommandLine.arguments.dropFirst().first ?? "LoginScreen.nib"
try archive.serializedData().write(to: URL(fileURLWithPath: path))
print("wrote \(path): \(archive.objects.count) objects, \(archive.serialized().count) bytes")
