#include "ImageSearchCurl.h"

#include <dlfcn.h>
#include <pthread.h>

typedef void *(*easy_init_fn)(void);
typedef void (*easy_cleanup_fn)(void *);
typedef void (*easy_reset_fn)(void *);
typedef int (*easy_setopt_fn)(void *, int, ...);
typedef int (*easy_perform_fn)(void *);
typedef int (*easy_getinfo_fn)(void *, int, ...);
typedef const char *(*easy_strerror_fn)(int);
typedef void *(*slist_append_fn)(void *, const char *);
typedef void (*slist_free_all_fn)(void *);
typedef int (*global_init_fn)(long);

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static int loaded = 0;
static easy_init_fn easy_init;
static easy_cleanup_fn easy_cleanup;
static easy_reset_fn easy_reset;
static easy_setopt_fn easy_setopt;
static easy_perform_fn easy_perform;
static easy_getinfo_fn easy_getinfo;
static easy_strerror_fn easy_strerror;
static slist_append_fn slist_append;
static slist_free_all_fn slist_free_all;

// CURL_GLOBAL_ALL: SSL and Win32 socket set-up.
static const long global_all = 3;
// CURLINFO_LONG + 2.
static const int info_response_code = 0x200002;

static void load(void) {
    const char *names[] = {"libcurl.so.4", "libcurl.4.dylib", "libcurl.so"};
    void *library = NULL;
    for (size_t index = 0; index < sizeof(names) / sizeof(names[0]) && library == NULL; index++) {
        library = dlopen(names[index], RTLD_NOW | RTLD_LOCAL);
    }
    if (library == NULL) return;
    global_init_fn global_init = (global_init_fn)dlsym(library, "curl_global_init");
    easy_init = (easy_init_fn)dlsym(library, "curl_easy_init");
    easy_cleanup = (easy_cleanup_fn)dlsym(library, "curl_easy_cleanup");
    easy_reset = (easy_reset_fn)dlsym(library, "curl_easy_reset");
    easy_setopt = (easy_setopt_fn)dlsym(library, "curl_easy_setopt");
    easy_perform = (easy_perform_fn)dlsym(library, "curl_easy_perform");
    easy_getinfo = (easy_getinfo_fn)dlsym(library, "curl_easy_getinfo");
    easy_strerror = (easy_strerror_fn)dlsym(library, "curl_easy_strerror");
    slist_append = (slist_append_fn)dlsym(library, "curl_slist_append");
    slist_free_all = (slist_free_all_fn)dlsym(library, "curl_slist_free_all");
    if (global_init == NULL || easy_init == NULL || easy_cleanup == NULL || easy_reset == NULL || easy_setopt == NULL
        || easy_perform == NULL || easy_getinfo == NULL || easy_strerror == NULL
        || slist_append == NULL || slist_free_all == NULL) {
        return;
    }
    // Counted by libcurl: FoundationNetworking's own call and this one do not clash.
    if (global_init(global_all) != 0) return;
    loaded = 1;
}

int isc_available(void) {
    pthread_once(&load_once, load);
    return loaded;
}

void *isc_easy_init(void) { return loaded ? easy_init() : NULL; }

void isc_easy_cleanup(void *handle) {
    if (loaded && handle != NULL) easy_cleanup(handle);
}

void isc_easy_reset(void *handle) {
    if (loaded && handle != NULL) easy_reset(handle);
}

int isc_setopt_long(void *handle, int option, long value) {
    return easy_setopt(handle, option, value);
}

int isc_setopt_offset(void *handle, int option, int64_t value) {
    return easy_setopt(handle, option, value);
}

int isc_setopt_pointer(void *handle, int option, const void *value) {
    return easy_setopt(handle, option, value);
}

int isc_setopt_data_callback(void *handle, int option, isc_data_callback callback) {
    return easy_setopt(handle, option, callback);
}

int isc_setopt_progress_callback(void *handle, int option, isc_progress_callback callback) {
    return easy_setopt(handle, option, callback);
}

int isc_perform(void *handle) { return easy_perform(handle); }

long isc_response_code(void *handle) {
    long code = 0;
    if (easy_getinfo(handle, info_response_code, &code) != 0) return -1;
    return code;
}

const char *isc_strerror(int code) { return loaded ? easy_strerror(code) : "libcurl not loaded"; }

void *isc_slist_append(void *list, const char *text) { return slist_append(list, text); }

void isc_slist_free_all(void *list) {
    if (list != NULL) slist_free_all(list);
}
