#ifndef CNCURSES_SHIM_H
#define CNCURSES_SHIM_H

// Ask for the wide-character API (cchar_t, wget_wch, add_wch) before the first include:
// curses.h decides what to declare from these two macros.
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif

#include <ncursesw/curses.h>
#include <ncursesw/term.h>
#include <locale.h>
#include <langinfo.h>
#include <wchar.h>
#include <stdio.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <poll.h>
#include <time.h>
#include <unistd.h>
#include <sys/syscall.h>

// Swift cannot import function-like macros, and Swift 6 refuses to read mutable C globals
// (LINES, COLS, stdscr) without an unsafe escape hatch. These one-liners give both a
// plain function shape. All of them must only be called on the thread that owns curses.

static inline int cn_lines(void) { return LINES; }
static inline int cn_cols(void) { return COLS; }
static inline WINDOW *cn_stdscr(void) { return stdscr; }
static inline int cn_colors(void) { return COLORS; }
static inline int cn_color_pairs(void) { return COLOR_PAIRS; }

static inline attr_t cn_a_normal(void) { return A_NORMAL; }
static inline attr_t cn_a_bold(void) { return A_BOLD; }
static inline attr_t cn_a_underline(void) { return A_UNDERLINE; }
static inline attr_t cn_a_reverse(void) { return A_REVERSE; }
static inline attr_t cn_a_dim(void) { return A_DIM; }
static inline attr_t cn_a_italic(void) { return A_ITALIC; }
static inline attr_t cn_color_pair(int pair) { return (attr_t)COLOR_PAIR(pair); }

static inline int cn_key_f(int n) { return KEY_F(n); }

static inline void cn_getmaxyx(WINDOW *win, int *y, int *x) {
    int yy, xx;
    getmaxyx(win, yy, xx);
    *y = yy;
    *x = xx;
}

// wattr_set is also a macro in some configurations; route through a function with a
// fixed signature so pair numbers above 255 are passed as a short, not packed in attrs.
static inline int cn_wattr_set(WINDOW *win, attr_t attrs, short pair) {
    return wattr_set(win, attrs, pair, NULL);
}

// tigetstr returns (char *)-1 for "not a string capability"; fold that into NULL.
static inline const char *cn_tigetstr(const char *name) {
    char *value = tigetstr(name);
    if (value == (char *)-1) return NULL;
    return value;
}

// glibc declares wcwidth only under _XOPEN_SOURCE, which the Glibc module was not built
// with; a compatible prototype here makes it reachable from Swift.
extern int wcwidth(wchar_t c);
static inline int cn_wcwidth(unsigned int c) { return wcwidth((wchar_t)c); }

// The window size as the kernel knows it; used after SIGWINCH to resize curses ourselves.
static inline int cn_tty_size(int fd, int *rows, int *cols) {
    struct winsize ws;
    if (ioctl(fd, TIOCGWINSZ, &ws) != 0) return -1;
    *rows = ws.ws_row;
    *cols = ws.ws_col;
    return 0;
}

// poll with a timeout in nanoseconds (poll itself counts whole milliseconds, too coarse to
// hold a frame for a fraction of one); negative: wait for ever. ppoll is declared only under
// _GNU_SOURCE, which the system module is not built with, so it goes through syscall.
static inline int cn_poll_ns(struct pollfd *fds, unsigned long count, long long timeout_ns) {
    if (timeout_ns < 0) return (int)syscall(SYS_ppoll, fds, count, (void *)0, (void *)0, 8);
    struct timespec ts = { (time_t)(timeout_ns / 1000000000LL), (long)(timeout_ns % 1000000000LL) };
    return (int)syscall(SYS_ppoll, fds, count, &ts, (void *)0, 8);
}

// An in-memory file for a frame's bytes (FrameCapture), close-on-exec; -1 where there is none.
// memfd_create, like ppoll, is declared only under _GNU_SOURCE, so it goes through syscall.
static inline int cn_memfd(const char *name) {
#ifdef SYS_memfd_create
    return (int)syscall(SYS_memfd_create, name, 1u /* MFD_CLOEXEC */);
#else
    (void)name;
    return -1;
#endif
}

#endif
