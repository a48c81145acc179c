import Foundation

/// What the terminal is known to support, judged conservatively from the environment: a
/// feature is used only where the terminal says who it is, because a terminal that does
/// not understand an escape may print it as garbage.
enum TerminalCapabilities {
    /// The inline-image protocols this program can speak.
    enum PictureProtocol: Equatable {
        /// iTerm2's `OSC 1337 ; File=…` (also WezTerm).
        case iTerm
        /// kitty's graphics protocol (`APC G …`), PNG only.
        case kitty
    }

    /// The protocol the terminal announces, or `nil`. Never inside tmux or screen, which
    /// would need the escape wrapped and passed through.
    static func pictureProtocol(_ environment: [String: String]) -> PictureProtocol? {
        if environment["TMUX"] != nil || (environment["TERM"] ?? "").hasPrefix("screen") {
            return nil
        }
        if environment["TERM"] == "xterm-kitty" || environment["KITTY_WINDOW_ID"] != nil {
            return .kitty
        }
        switch environment["TERM_PROGRAM"] {
        case "iTerm.app", "WezTerm": return .iTerm
        default: return nil
        }
    }

    /// Whether OSC 8 hyperlinks are understood: terminals that say who they are and are
    /// known to support them (iTerm2, WezTerm, kitty, VS Code, GNOME's VTE, Windows
    /// Terminal); never inside tmux or screen.
    static func supportsHyperlinks(_ environment: [String: String]) -> Bool {
        if environment["TMUX"] != nil || (environment["TERM"] ?? "").hasPrefix("screen") {
            return false
        }
        if pictureProtocol(environment) != nil { return true }
        if ["vscode", "iTerm.app", "WezTerm"].contains(environment["TERM_PROGRAM"] ?? "") {
            return true
        }
        if let vte = environment["VTE_VERSION"].flatMap({ Int($0) }), vte >= 5000 { return true }
        return environment["WT_SESSION"] != nil
    }
}

/// Draws the selected image inline in the detail pane, where the terminal can show it.
struct InlinePictures {
    /// The columns the picture takes at the right of the detail pane.
    static let columns = 24
    /// The largest image sent inline (bigger ones are not drawn).
    static let maximumBytes = 2_000_000

    let pictureProtocol: TerminalCapabilities.PictureProtocol

    /// Pictures for `mode` in `environment`, or `nil` when none are drawn: `never`; `auto`
    /// on a terminal that does not announce a protocol; `always` uses the announced
    /// protocol, else iTerm2's.
    init?(mode: InlineImages, environment: [String: String]) {
        let announced = TerminalCapabilities.pictureProtocol(environment)
        switch mode {
        case .never: return nil
        case .auto:
            guard let announced else { return nil }
            pictureProtocol = announced
        case .always:
            pictureProtocol = announced ?? .iTerm
        }
    }

    /// The escape codes that draw `image` over the right of the detail pane of `frame`, or
    /// `nil` when there is nothing to draw (no image yet, no pane, too big, not PNG for
    /// kitty).
    func draw(_ image: Data?, content: ScreenContent, frame: ScreenFrame) -> String? {
        guard let image, image.count <= Self.maximumBytes, content.columns >= 60 else {
            return nil
        }
        let paneTop = 2 + SearchScreen.listHeight(content) + 1
        let rows = SearchScreen.detailHeight - 1
        guard paneTop + rows < content.rows else { return nil }
        let column = content.columns - Self.columns
        let position = "\u{1B}[\(paneTop + 1);\(column)H"
        let encoded = image.base64EncodedString()
        switch pictureProtocol {
        case .iTerm:
            return position
                + "\u{1B}]1337;File=inline=1;size=\(image.count);width=\(Self.columns - 2);"
                + "height=\(rows);preserveAspectRatio=1:" + encoded + "\u{07}"
        case .kitty:
            guard image.starts(with: [0x89, 0x50, 0x4E, 0x47]) else { return nil }
            var output = position
            var chunks = Array(encoded.utf8).chunked(into: 4096)
            let first = chunks.isEmpty ? [] : chunks.removeFirst()
            output +=
                "\u{1B}_Ga=T,f=100,q=2,c=\(Self.columns - 2),r=\(rows),m=\(chunks.isEmpty ? 0 : 1);"
                + String(decoding: first, as: UTF8.self) + "\u{1B}\\"
            for (index, chunk) in chunks.enumerated() {
                let more = index < chunks.count - 1 ? 1 : 0
                output += "\u{1B}_Gm=\(more);" + String(decoding: chunk, as: UTF8.self) + "\u{1B}\\"
            }
            return output
        }
    }

    /// What removes drawn pictures (kitty keeps them over redrawn text otherwise).
    var clear: String {
        pictureProtocol == .kitty ? "\u{1B}_Ga=d,d=a,q=2\u{1B}\\" : ""
    }
}

extension Array {
    /// The elements in runs of at most `size`.
    fileprivate func chunked(into size: Int) -> [[Element]] {
        stride(from: 0, to: count, by: size).map { Array(self[$0..<Swift.min($0 + size, count)]) }
    }
}
