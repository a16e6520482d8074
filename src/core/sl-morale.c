/* sl-morale.c: TEMPORARY scaffolding, replaced by the real engine module */
#include "config.h"

#include "sl-morale.h"
