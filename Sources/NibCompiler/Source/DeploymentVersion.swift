/// A platform version as a deployment option (`13.0`, `10.9`) and a document's
/// `<deployment version>` write it (``UIKitNibVariants/Version``, ``AppKitNibVariants/Version``).
protocol DeploymentVersion {
    /// `"13"`, `"13.0"`, `"10.13.4"`; `nil` for anything else.
    init?(dotted text: String)
    /// A document's `<deployment version>` in the platform's encoding; `nil` when not understood.
    init?(documentVersion text: String)
}

extension DeploymentVersion {
    /// The deployment target in effect: `option` (the command line's), else the document's
    /// `<deployment identifier=… version=…>`; `nil` when neither gives one. `platform` names the
    /// platform and an example version in the error (`"an iOS version such as 13.0"`).
    static func deploymentTarget(
        option: String?, document: SourceDocument, identifier: String, platform: String
    ) throws(CompileError) -> Self? {
        if let option {
            guard let version = Self(dotted: option) else {
                throw CompileError(
                    code: .invalidSource, file: document.fileName, line: 0, column: 0, element: nil,
                    message: "the deployment target \"\(option)\" is not \(platform)")
            }
            return version
        }
        let deployments = document.root.child("dependencies")?.children(named: "deployment") ?? []
        guard let element = deployments.first(where: { $0["identifier"] == identifier }), let text = element["version"]
        else { return nil }
        guard let version = Self(documentVersion: text) else {
            throw CompileError(
                code: .invalidSource, file: document.fileName, line: element.line, column: element.column,
                element: element.summary, message: "the deployment version \"\(text)\" is not understood")
        }
        return version
    }
}
