/** A background round that runs until `finish()` is called, and says when it has started (`running`). */
export function heldRound() {
  let finish!: () => void;
  let started!: () => void;
  const running = new Promise<void>((resolve) => (started = resolve));
  const done = new Promise<void>((resolve) => (finish = resolve));
  const round = () => {
    started();
    return done;
  };
  return { round, running, finish };
}
