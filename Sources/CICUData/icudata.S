// The ICU data of a release build: Scripts/icu-data's trimmed copy of the toolchain's own,
// under the toolchain's symbol, so that the linker takes it and leaves the archive's member
// (its only symbol) out. Debug builds, and a release build before Scripts/icu-data has run,
// define nothing here and link the toolchain's data whole.
#if defined(CAMBIO_RELEASE) && __has_include("icudata.inc")
#include "icudata.inc"
    .section .rodata
    .globl CAMBIO_ICU_DATA_SYMBOL
    .type CAMBIO_ICU_DATA_SYMBOL, @object
    .balign 16
CAMBIO_ICU_DATA_SYMBOL:
    .incbin CAMBIO_ICU_DATA_FILE
    .size CAMBIO_ICU_DATA_SYMBOL, . - CAMBIO_ICU_DATA_SYMBOL
#endif
    .section .note.GNU-stack, "", @progbits
