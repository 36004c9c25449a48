#define _GNU_SOURCE
#include "CSystem.h"

#include <fcntl.h>
#include <sys/prctl.h>
#include <unistd.h>

int cambio_pipe_cloexec(int fds[2]) { return pipe2(fds, O_CLOEXEC); }

int cambio_parent_death_signal(int signal) { return prctl(PR_SET_PDEATHSIG, (unsigned long)signal, 0, 0, 0); }
