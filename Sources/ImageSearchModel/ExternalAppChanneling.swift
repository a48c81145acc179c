/// Opens an address in another application (a browser, say).
///
/// Why a protocol: the detail view model's "open the image page" command must be testable
/// without launching anything; a front end supplies the real channel (on a terminal, it may
/// print the address or run the platform's `open` command).
public protocol ExternalAppChanneling: Sendable {
    /// Opens `url` outside this program.
    ///
    /// - Parameter url: The address to open, such as an image's `pageURL`.
    func openURL(_ url: String)
}
