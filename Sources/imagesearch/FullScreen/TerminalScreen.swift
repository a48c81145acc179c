import Foundation

/// The full-screen interface's one sink: writes each frame to the terminal — the lines
/// that changed (``ScreenWriter``), everything after a ``ScreenState/redraws`` change — and
/// the detail pane's inline picture when it changed.
struct TerminalScreen {
    private var writer = ScreenWriter()
    private let pictures: InlinePictures?
    private let write: (String) -> Void
    private var redraws: Int?
    /// What picture is on the screen (its size, id and the screen height), if any.
    private var drawnPicture: String?

    /// - Parameters:
    ///   - pictures: How to draw inline pictures, if the terminal can.
    ///   - write: Writes bytes to the terminal.
    init(pictures: InlinePictures?, write: @escaping (String) -> Void) {
        self.pictures = pictures
        self.write = write
    }

    /// Brings the terminal to `frame`, the drawing of `state`.
    mutating func show(_ state: ScreenState, frame: ScreenFrame) {
        if state.redraws != redraws {
            redraws = state.redraws
            writer.invalidate()
        }
        let output = writer.update(to: frame)
        if !output.isEmpty { write(output) }
        guard let pictures else { return }
        let content = state.content
        let image = content.mode == .detail ? state.picture : nil
        let key = image.map { "\($0.count) \(content.detail?.id ?? 0) \(frame.lines.count)" }
        let redrawn = output.contains("\u{1B}[2J")
        guard key != drawnPicture || (redrawn && key != nil) else { return }
        if drawnPicture != nil { write(pictures.clear) }
        drawnPicture = key
        if let drawing = pictures.draw(image, content: content, frame: frame) {
            write(drawing + "\u{1B}[1;\(frame.cursorColumn + 1)H")
        }
    }
}
