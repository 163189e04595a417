#ifndef CCRASHSETTINGS_H
#define CCRASHSETTINGS_H

#include <stddef.h>

/// The Swift runtime's crash settings, made before the runtime reads them.
///
/// The runtime reads `SWIFT_BACKTRACE` once, in a constructor of its own, before `main`. A
/// binary that holds the runtime (a release build, linked with --static-swift-stdlib) runs
/// the constructor in crash_settings.c first (its priority is earlier than the runtime's), so
/// the settings are in place without starting the process a second time. A binary whose
/// runtime is a shared library (a debug build) has already had the runtime's constructor
/// run: nothing is made here, and `CrashReport.prepare` starts it again instead.

/// 1 when the constructor made `SWIFT_BACKTRACE` (the runtime has read it: the caller
/// takes it out of the environment, so that the commands this process runs do not inherit
/// it), 0 when it left the environment alone (the user's own settings, or a shared runtime).
int ccrash_settings_made(void);

/// The report file the settings name, NULL when backtracing was turned off (no folder for
/// reports, no backtracer beside the binary or installed with it).
const char *ccrash_report_path(void);

/// The settings for a report at `report` with the backtracer at `backtracer` (either NULL:
/// backtracing off, and the runtime told not to look for a backtracer, so that it says
/// nothing at start), written into `out`. 0 on success, -1 when they do not fit or a path
/// holds a comma (which would end the setting).
int ccrash_settings(const char *report, const char *backtracer, char *out, size_t size);

/// The backtracer for the binary at `executable` (its real path): beside it (where `make
/// build` puts one), else `../libexec/instantsearch/swift-backtrace` from its folder (where
/// `make install` does), if there and executable; written into `out`, 0 when found.
int ccrash_backtracer(const char *executable, char *out, size_t size);

/// The folder for reports under `state_home` (`$XDG_STATE_HOME` or `~/.local/state`),
/// created owner-only if missing; written into `out`, 0 when it is a real, writable folder
/// (never a link planted where it should be).
int ccrash_report_folder(const char *state_home, char *out, size_t size);

#endif
