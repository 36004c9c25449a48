// Two Linux calls the Swift Glibc module does not show (they need _GNU_SOURCE or
// <sys/prctl.h>), for the fetch helper and the process that starts it.
#ifndef CAMBIO_CSYSTEM_H
#define CAMBIO_CSYSTEM_H

/// pipe2(fds, O_CLOEXEC): both ends closed on exec from the start, so a process another
/// thread starts at the same moment cannot inherit them. Returns 0, or -1 with errno.
int cambio_pipe_cloexec(int fds[2]);

/// prctl(PR_SET_PDEATHSIG, signal): the calling process gets `signal` when its parent ends.
int cambio_parent_death_signal(int signal);

#endif
