#define _GNU_SOURCE
#include "CCrashSettings.h"

#include <errno.h>
#include <link.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

static int made = 0;
static char report_path[4096];
static int has_report = 0;

int ccrash_settings_made(void) { return made; }

const char *ccrash_report_path(void) { return has_report ? report_path : NULL; }

int ccrash_settings(const char *report, const char *backtracer, char *out, size_t size) {
    int count;
    if (report == NULL || backtracer == NULL) {
        // An empty path: the runtime then does not search for a backtracer it would not use.
        count = snprintf(out, size, "enable=no,swift-backtrace=");
    } else {
        if (strchr(report, ',') != NULL || strchr(backtracer, ',') != NULL) return -1;
        count = snprintf(out, size, "enable=yes,interactive=no,color=no,timeout=0s,output-to=%s,swift-backtrace=%s", report,
                         backtracer);
    }
    return count < 0 || (size_t)count >= size ? -1 : 0;
}

static int executable_file(const char *path) {
    struct stat info;
    return stat(path, &info) == 0 && S_ISREG(info.st_mode) && access(path, X_OK) == 0;
}

int ccrash_backtracer(const char *executable, char *out, size_t size) {
    const char *slash = strrchr(executable, '/');
    if (slash == NULL) return -1;
    int folder = (int)(slash - executable);
    static const char *const places[] = {"/swift-backtrace", "/../libexec/instantsearch/swift-backtrace"};
    for (size_t i = 0; i < sizeof places / sizeof places[0]; i++) {
        int count = snprintf(out, size, "%.*s%s", folder, executable, places[i]);
        if (count > 0 && (size_t)count < size && executable_file(out)) return 0;
    }
    return -1;
}

/// A real folder (not a link), the user's, writable.
static int own_folder(const char *path) {
    struct stat info;
    return lstat(path, &info) == 0 && S_ISDIR(info.st_mode) && info.st_uid == geteuid() && access(path, W_OK) == 0;
}

int ccrash_report_folder(const char *state_home, char *out, size_t size) {
    if (state_home == NULL || state_home[0] != '/') return -1;
    int count = snprintf(out, size, "%s/instantsearch/crashes", state_home);
    if (count < 0 || (size_t)count >= size) return -1;
    // Usually there already: one lstat at start.
    if (own_folder(out)) return 0;
    // Each missing folder on the way, owner-only.
    for (char *cursor = out + 1; *cursor; cursor++) {
        if (*cursor != '/') continue;
        *cursor = 0;
        int failed = mkdir(out, 0700) != 0 && errno != EEXIST;
        *cursor = '/';
        if (failed) return -1;
    }
    if (mkdir(out, 0700) != 0 && errno != EEXIST) return -1;
    return own_folder(out) ? 0 : -1;
}

/// UTC, sortable (20261123T183012), computed here: glibc's gmtime_r reads /etc/localtime.
static void utc_stamp(time_t now, char *out, size_t size) {
    long long days = now / 86400, seconds = now % 86400;
    // Days since 1970-01-01 to a civil date (Howard Hinnant's algorithm).
    long long z = days + 719468, era = (z >= 0 ? z : z - 146096) / 146097;
    long long doe = z - era * 146097, yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365;
    long long doy = doe - (365 * yoe + yoe / 4 - yoe / 100), mp = (5 * doy + 2) / 153;
    long long day = doy - (153 * mp + 2) / 5 + 1, month = mp < 10 ? mp + 3 : mp - 9;
    long long year = yoe + era * 400 + (month <= 2);
    snprintf(out, size, "%04lld%02lld%02lldT%02lld%02lld%02lld", year, month, day, seconds / 3600, seconds / 60 % 60, seconds % 60);
}

/// The runtime's own way to be given the arguments (Swift's calling convention; with a
/// pointer and an int, the same registers as C's). Weak: a shared runtime does not export it.
extern __attribute__((weak, swiftcall)) void _swift_stdlib_overrideUnsafeArgvArgc(char **argv, int argc);

static int find_shared_runtime(struct dl_phdr_info *info, size_t size, void *data) {
    (void)size;
    (void)data;
    return info->dlpi_name != NULL && strstr(info->dlpi_name, "libswiftCore.so") != NULL;
}

/// Before the runtime's constructors (101 is the first priority a program may use); only
/// the runtime linked into the binary reads its settings after this.
///
/// The runtime finds `CommandLine.arguments` by walking back from `environ` to the process's
/// first stack, and `setenv` moves `environ` to the heap: the arguments, received here as
/// glibc passes them to a constructor, are handed to the runtime first.
__attribute__((constructor(101))) static void ccrash_prepare(int argc, char **argv, char **envp) {
    (void)envp;
    if (getenv("SWIFT_BACKTRACE") != NULL) return;  // the user's settings
    if (dl_iterate_phdr(find_shared_runtime, NULL) != 0) return;  // read already: CrashReport starts again

    char executable[4096];
    ssize_t length = readlink("/proc/self/exe", executable, sizeof executable - 1);
    if (length <= 0) return;
    executable[length] = 0;
    const char *program = strrchr(executable, '/') + 1;

    const char *state = getenv("XDG_STATE_HOME");
    char home_state[4096];
    if (state == NULL || state[0] != '/') {
        const char *home = getenv("HOME");
        state = NULL;
        if (home != NULL && home[0] == '/') {
            int count = snprintf(home_state, sizeof home_state, "%s/.local/state", home);
            if (count > 0 && (size_t)count < sizeof home_state) state = home_state;
        }
    }

    char backtracer[4096], folder[4096], settings[9000];
    const char *report = NULL;
    if (ccrash_backtracer(executable, backtracer, sizeof backtracer) == 0
        && ccrash_report_folder(state, folder, sizeof folder) == 0) {
        char stamp[32];
        utc_stamp(time(NULL), stamp, sizeof stamp);
        int count = snprintf(report_path, sizeof report_path, "%s/%s-%s-%d.log", folder, program, stamp, (int)getpid());
        if (count > 0 && (size_t)count < sizeof report_path) report = report_path;
    }
    if (ccrash_settings(report, report ? backtracer : NULL, settings, sizeof settings) != 0) {
        report = NULL;
        ccrash_settings(NULL, NULL, settings, sizeof settings);
    }
    if (_swift_stdlib_overrideUnsafeArgvArgc == NULL || argv == NULL) return;
    _swift_stdlib_overrideUnsafeArgvArgc(argv, argc);
    has_report = report != NULL;
    if (setenv("SWIFT_BACKTRACE", settings, 1) == 0) made = 1;
}
