/* test-game-melee.c: TEMPORARY scaffolding, replaced by the real tests */
#include "config.h"

#include "sl-test-game.h"

int
main (int argc, char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  return g_test_run ();
}
