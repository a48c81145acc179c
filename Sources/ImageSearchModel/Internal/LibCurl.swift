#if canImport(FoundationNetworking)
    internal import CCurlCalls
    import Foundation

    /// The libcurl functions ``CurlHop`` calls, looked up once in the libcurl that
    /// FoundationNetworking links (`libcurl.so.4`), so that nothing of libcurl is needed to
    /// build. Its variadic setter is called through the wrappers of `CCurlCalls`.
    struct LibCurl: @unchecked Sendable {
        // Safety: immutable pointers to functions of a library that is never unloaded.
        typealias EasyInit = @convention(c) () -> UnsafeMutableRawPointer?
        typealias HandleCall = @convention(c) (UnsafeMutableRawPointer?) -> Void
        typealias Perform = @convention(c) (UnsafeMutableRawPointer?) -> Int32
        typealias StringOfCode = @convention(c) (Int32) -> UnsafePointer<CChar>?
        typealias ListAppend =
            @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<CChar>?) ->
            UnsafeMutableRawPointer?
        typealias GlobalInit = @convention(c) (Int) -> Int32

        let easyInit: EasyInit
        let easyCleanup: HandleCall
        /// Clears every option of a handle, keeping its connections and caches.
        let easyReset: HandleCall
        /// `curl_easy_setopt`, for `ccurl_setopt_…`.
        let setopt: UnsafeRawPointer
        let perform: Perform
        let describe: StringOfCode
        let listAppend: ListAppend
        let listFreeAll: HandleCall

        /// libcurl, or `nil` if it cannot be loaded or initialised (then `Network` uses
        /// `URLSession`).
        static let shared: LibCurl? = load()

        private static func load() -> LibCurl? {
            guard
                let library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL)
                    ?? dlopen("libcurl.so", RTLD_NOW | RTLD_LOCAL)
            else { return nil }
            func function<T>(_ name: String, _ type: T.Type) -> T? {
                dlsym(library, name).map { unsafeBitCast($0, to: type) }
            }
            guard let globalInit = function("curl_global_init", GlobalInit.self),
                let easyInit = function("curl_easy_init", EasyInit.self),
                let easyCleanup = function("curl_easy_cleanup", HandleCall.self),
                let easyReset = function("curl_easy_reset", HandleCall.self),
                let setopt = dlsym(library, "curl_easy_setopt"),
                let perform = function("curl_easy_perform", Perform.self),
                let describe = function("curl_easy_strerror", StringOfCode.self),
                let listAppend = function("curl_slist_append", ListAppend.self),
                let listFreeAll = function("curl_slist_free_all", HandleCall.self),
                // CURL_GLOBAL_ALL; counted by libcurl, so FoundationNetworking's own call
                // does not clash with this one.
                globalInit(3) == 0
            else { return nil }
            return LibCurl(
                easyInit: easyInit, easyCleanup: easyCleanup, easyReset: easyReset,
                setopt: UnsafeRawPointer(setopt), perform: perform, describe: describe,
                listAppend: listAppend, listFreeAll: listFreeAll)
        }

        func set(_ handle: UnsafeMutableRawPointer, _ option: Int32, _ value: Int) {
            _ = ccurl_setopt_long(setopt, handle, option, value)
        }

        func set(_ handle: UnsafeMutableRawPointer, _ option: Int32, offset value: Int64) {
            _ = ccurl_setopt_offset(setopt, handle, option, value)
        }

        func set(_ handle: UnsafeMutableRawPointer, _ option: Int32, _ value: UnsafeRawPointer?) {
            _ = ccurl_setopt_pointer(setopt, handle, option, value)
        }

        func set(_ handle: UnsafeMutableRawPointer, _ option: Int32, _ text: String) {
            // libcurl copies the strings it is given (since 7.17).
            _ = text.withCString { ccurl_setopt_pointer(setopt, handle, option, $0) }
        }

        func set(
            _ handle: UnsafeMutableRawPointer, _ option: Int32, _ callback: ccurl_data_callback
        ) {
            _ = ccurl_setopt_data_callback(setopt, handle, option, callback)
        }

        func set(
            _ handle: UnsafeMutableRawPointer, _ option: Int32,
            _ callback: ccurl_progress_callback
        ) {
            _ = ccurl_setopt_progress_callback(setopt, handle, option, callback)
        }

        func set(
            _ handle: UnsafeMutableRawPointer, _ option: Int32,
            _ callback: ccurl_opensocket_callback
        ) {
            _ = ccurl_setopt_opensocket_callback(setopt, handle, option, callback)
        }
    }
#endif
