// The shell's signal handling and libedit's character reader. These keep process-wide
// state (flags, a self-pipe), so they are defined once here rather than as static functions
// in a header: an optimised build splits a Swift module into several object files, and each
// would otherwise get its own copy of the state (Ctrl-C during `refresh` was then lost).
#ifndef CAMBIO_TERMINAL_H
#define CAMBIO_TERMINAL_H

#include <histedit.h>

/// SIGINT, SIGTERM, SIGHUP and SIGWINCH become flags plus a byte on a self-pipe; also
/// unblocks them (a parent may have left them blocked).
void cambio_install_signal_handlers(void);

/// Empties the self-pipe.
void cambio_drain_signal_pipe(void);

/// Makes libedit read characters through a reader that also wakes on the self-pipe, so a
/// signal ends el_gets whenever it arrives.
void cambio_el_use_own_reader(EditLine *el);

/// The most columns and rows the program, and libedit in it, is told the window has (the
/// C file defines `ioctl` to bound TIOCGWINSZ).
#define CAMBIO_WINDOW_LIMIT 1024

/// Whether the terminal takes cursor movement (not TERM=dumb, not --plain).
void cambio_set_full_terminal(int full);

/// Sets what clears the edited line after a resize, before libedit draws it again; it gets
/// the width at which to count the line's rows.
void cambio_set_redraw_after_resize(void (*callback)(int columns));

/// Sets what the reader asks, each time libedit waits for a key, whether the line must be
/// drawn again for the terminal to wrap its rows itself (nonzero: it cleared the line, and
/// libedit draws it again).
void cambio_set_rewrap_if_needed(int (*callback)(void));

/// Whether Ctrl-C was pressed since the last call; clears the flag.
int cambio_take_interrupt(void);

/// The terminating signal received (SIGTERM, SIGHUP), or 0.
int cambio_pending_termination(void);

#endif
