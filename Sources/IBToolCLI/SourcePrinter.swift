import KeyedArchive
import NibCompiler

/// `--objects`, `--hierarchy`, `--connections` and `--classes`: what a source document holds, as
/// ibtool prints it for a document (`com.apple.ibtool.document.objects`, …), read from the
/// source's elements.
///
/// Objects are the elements with an `id` (Interface Builder's object ids), by id: their
/// `class` (the UIKit or AppKit class of the element) and, when set, `custom-class` and `label`
/// (`userLabel`). The hierarchy nests them as in the document (`object-id`, `class`, `children`).
/// Connections are the `<outlet>`, `<action>` and `<segue>` elements, by id, with their `type`,
/// `label` (property, selector or segue kind), `source-id` and `destination-id`. Classes are the
/// custom classes the document names, with the outlets and actions it connects from them.
enum SourcePrinter {
    static func objects(_ document: SourceDocument) -> PropertyList {
        let uiKit = isUIKit(document)
        var entries: [PropertyList.Entry] = []
        for element in document.root.descendants where isObject(element) {
            guard let id = element["id"] else { continue }
            entries.append(PropertyList.Entry(id, .dictionary(description(of: element, uiKit: uiKit))))
        }
        return .dictionary(entries)
    }

    static func hierarchy(_ document: SourceDocument) -> PropertyList {
        let uiKit = isUIKit(document)
        func nodes(under element: SourceElement) -> [PropertyList] {
            element.children.flatMap { child -> [PropertyList] in
                guard isObject(child), let id = child["id"] else { return nodes(under: child) }
                var fields = [PropertyList.Entry("object-id", .string(id))] + description(of: child, uiKit: uiKit)
                let below = nodes(under: child)
                if !below.isEmpty { fields.append(PropertyList.Entry("children", .array(below))) }
                return [.dictionary(fields)]
            }
        }
        let objects = document.root.child("objects") ?? document.root.child("scenes") ?? document.root
        return .array(nodes(under: objects))
    }

    static func connections(_ document: SourceDocument) -> PropertyList {
        var entries: [PropertyList.Entry] = []
        for element in document.root.descendants {
            guard let id = element["id"], let source = owner(of: element)?["id"] else { continue }
            let label: String?
            let type: String
            switch element.name {
            case "outlet": (type, label) = ("outlet", element["property"])
            case "outletCollection": (type, label) = ("outlet-collection", element["property"])
            case "action": (type, label) = ("action", element["selector"])
            case "segue": (type, label) = ("segue", element["kind"])
            default: continue
            }
            var fields = [
                PropertyList.Entry("type", .string(type)), PropertyList.Entry("source-id", .string(source)),
            ]
            if let label { fields.append(PropertyList.Entry("label", .string(label))) }
            if let destination = element["destination"] ?? element["target"] {
                fields.append(PropertyList.Entry("destination-id", .string(destination)))
            }
            entries.append(PropertyList.Entry(id, .dictionary(fields)))
        }
        return .dictionary(entries)
    }

    static func classes(_ document: SourceDocument) -> PropertyList {
        let uiKit = isUIKit(document)
        var order: [String] = []
        var info: [String: (superclass: String, outlets: [String], actions: [String])] = [:]
        for element in document.root.descendants {
            guard let custom = element["customClass"] else { continue }
            if info[custom] == nil {
                order.append(custom)
                info[custom] = (className(of: element, uiKit: uiKit), [], [])
            }
            for connections in element.children(named: "connections") {
                for connection in connections.children {
                    if connection.name == "outlet", let property = connection["property"] {
                        info[custom]?.outlets.append(property)
                    }
                    if connection.name == "action", let selector = connection["selector"] {
                        info[custom]?.actions.append(selector)
                    }
                }
            }
        }
        return .dictionary(
            order.compactMap { name in
                guard let entry = info[name] else { return nil }
                return PropertyList.Entry(
                    name,
                    .dictionary([
                        PropertyList.Entry("superclass", .string(entry.superclass)),
                        PropertyList.Entry("outlets", .array(entry.outlets.map { .string($0) })),
                        PropertyList.Entry("actions", .array(entry.actions.map { .string($0) })),
                    ]))
            })
    }

    private static func isUIKit(_ document: SourceDocument) -> Bool {
        document.root["targetRuntime"]?.contains("CocoaTouch") ?? false
    }

    /// Elements that are objects of their own, not values (`<color key=…>`, `<rect>`) or
    /// connections.
    private static func isObject(_ element: SourceElement) -> Bool {
        element["id"] != nil && element["key"] == nil
            && !["outlet", "outletCollection", "action", "segue", "constraint", "scene"].contains(element.name)
    }

    /// The object a `<connections>` child belongs to.
    private static func owner(of connection: SourceElement) -> SourceElement? {
        guard connection.parent?.name == "connections" else { return nil }
        return connection.parent?.parent
    }

    private static func className(of element: SourceElement, uiKit: Bool) -> String {
        if element.name == "placeholder" { return element["customClass"] == nil ? "IBProxyObject" : "NSObject" }
        return element.elementClassName
    }

    private static func description(of element: SourceElement, uiKit: Bool) -> [PropertyList.Entry] {
        var fields = [PropertyList.Entry("class", .string(className(of: element, uiKit: uiKit)))]
        if let custom = element["customClass"] { fields.append(PropertyList.Entry("custom-class", .string(custom))) }
        if let label = element["userLabel"] ?? element["placeholderIdentifier"] {
            fields.append(PropertyList.Entry("label", .string(label)))
        }
        return fields
    }
}
