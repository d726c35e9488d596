/// Apple's `ibtool` command line, parsed: options may come before or after the documents (Xcode
/// 13 puts the document before `--compilation-directory`, older Xcodes after), options take
/// their value as the next argument, and `--target-device` may repeat.
struct IBToolArguments {
    /// How results are printed (`--output-format`).
    enum OutputFormat: String, Equatable {
        case xml1
        case binary1
        case humanReadableText = "human-readable-text"
    }

    /// What to do with the documents.
    enum Action: Equatable {
        /// `--compile PATH`: one document to one output.
        case compile(output: String)
        /// `--compilation-directory DIR`: each document to `DIR/<name>.nib` or `.storyboardc`.
        case compilationDirectory(String)
        /// `--link DIR`: each compiled `.storyboardc` copied into `DIR` (keeping its `.lproj`).
        case link(String)
        /// `--strip PATH`: a compiled nib written again without design-time content.
        case strip(output: String)
    }

    var errors = false
    var warnings = false
    var notices = false
    var outputFormat = OutputFormat.xml1
    var action: Action?
    var module: String?
    var targetDevices: [String] = []
    var minimumDeploymentTarget: String?
    var partialInfoPlist: String?
    var flatten = true
    var exportStringsFile: String?
    var companionStrings: (language: String, path: String)?
    var printVersion = false
    var printObjects = false
    var printHierarchy = false
    var printConnections = false
    var printClasses = false
    /// `--auto-activate-custom-fonts`: the partial Info.plist lists the document's custom fonts.
    var autoActivatesCustomFonts = false
    /// Options that only matter on a Mac, accepted and reported as notices.
    var ignored: [String] = []
    /// The documents (or, with `--link`, compiled storyboards).
    var documents: [String] = []

    /// Options without a value.
    private static let flags: Set<String> = [
        "--errors", "--warnings", "--notices", "--auto-activate-custom-fonts", "--version", "--objects",
        "--hierarchy", "--connections", "--classes",
    ]
    /// Options that only matter to Apple's ibtool on a Mac, each with whether it takes a value.
    static let macOnly: [String: Bool] = [
        "--sdk": true, "--plugin": true, "--plugin-dir": true, "--bundle": true, "--launch-image": true,
        "--update-frames": false, "--update-constraints": false,
    ]

    /// Parses `arguments` (without the program name).
    init(parsing arguments: [String]) throws(IBToolArgumentError) {
        var index = arguments.startIndex
        func value(for option: String) throws(IBToolArgumentError) -> String {
            let next = arguments.index(after: index)
            guard next < arguments.endIndex else { throw IBToolArgumentError(.missingValue, option: option) }
            index = next
            return arguments[next]
        }
        while index < arguments.endIndex {
            let argument = arguments[index]
            defer { index = arguments.index(after: index) }
            guard argument.hasPrefix("-"), argument != "-" else {
                documents.append(argument)
                continue
            }
            if Self.flags.contains(argument) {
                setFlag(argument)
                continue
            }
            if let takesValue = Self.macOnly[argument] {
                ignored.append(takesValue ? "\(argument) \(try value(for: argument))" : argument)
                continue
            }
            switch argument {
            case "--output-format":
                let text = try value(for: argument)
                guard let format = OutputFormat(rawValue: text) else {
                    throw IBToolArgumentError(.invalidValue, option: argument, value: text)
                }
                outputFormat = format
            case "--compile": try setAction(.compile(output: value(for: argument)), argument)
            case "--compilation-directory": try setAction(.compilationDirectory(value(for: argument)), argument)
            case "--link": try setAction(.link(value(for: argument)), argument)
            case "--strip": try setAction(.strip(output: value(for: argument)), argument)
            case "--module": module = try value(for: argument)
            case "--target-device": targetDevices.append(try value(for: argument))
            case "--minimum-deployment-target": minimumDeploymentTarget = try value(for: argument)
            case "--output-partial-info-plist": partialInfoPlist = try value(for: argument)
            case "--export-strings-file", "--generate-strings-file", "--generate-stringsfile":
                exportStringsFile = try value(for: argument)
            case "--flatten":
                let text = try value(for: argument)
                switch text.uppercased() {
                case "YES": flatten = true
                case "NO": flatten = false
                default: throw IBToolArgumentError(.invalidValue, option: argument, value: text)
                }
            case "--companion-strings-file":
                let text = try value(for: argument)
                guard let colon = text.firstIndex(of: ":"), colon != text.startIndex,
                    text.index(after: colon) != text.endIndex
                else { throw IBToolArgumentError(.invalidValue, option: argument, value: text) }
                companionStrings = (String(text[..<colon]), String(text[text.index(after: colon)...]))
            default:
                throw IBToolArgumentError(.unknownOption, option: argument)
            }
        }
    }

    private mutating func setFlag(_ flag: String) {
        switch flag {
        case "--errors": errors = true
        case "--warnings": warnings = true
        case "--notices": notices = true
        case "--version": printVersion = true
        case "--objects": printObjects = true
        case "--hierarchy": printHierarchy = true
        case "--connections": printConnections = true
        case "--classes": printClasses = true
        case "--auto-activate-custom-fonts": autoActivatesCustomFonts = true
        default: break
        }
    }

    private mutating func setAction(_ new: Action, _ option: String) throws(IBToolArgumentError) {
        guard action == nil else { throw IBToolArgumentError(.conflictingActions, option: option) }
        action = new
    }
}

/// A command line `ibtool` cannot run: the option and what is wrong with it.
struct IBToolArgumentError: Error, Equatable, CustomStringConvertible {
    /// What is wrong.
    enum Code: Equatable {
        /// An option ibtool does not have.
        case unknownOption
        /// An option that takes a value came last.
        case missingValue
        /// A value the option does not accept.
        case invalidValue
        /// Two of `--compile`, `--compilation-directory`, `--link`, `--strip`.
        case conflictingActions
    }

    var code: Code
    var option: String
    var value: String?

    init(_ code: Code, option: String, value: String? = nil) {
        self.code = code
        self.option = option
        self.value = value
    }

    var description: String {
        switch code {
        case .unknownOption: "Unknown option: \(option)"
        case .missingValue: "The option \(option) needs a value."
        case .invalidValue: "The option \(option) does not accept the value \"\(value ?? "")\"."
        case .conflictingActions:
            "\(option) cannot be combined with another of --compile, --compilation-directory, --link and --strip."
        }
    }
}
