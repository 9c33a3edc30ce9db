import { expect } from 'vitest'

/**
 * Given/when/then for a pure decider: given past events, when a command is decided, then
 * these events follow, or the command is refused.
 */
export const deciderSpec =
  <Command, Event, State>(decider: {
    decide: (command: Command, state: State) => Event[]
    evolve: (state: State, event: Event) => State
    initialState: () => State
  }) =>
  (...given: Event[]) => ({
    when: (command: Command) => {
      const decide = () => decider.decide(command, given.reduce(decider.evolve, decider.initialState()))
      return {
        then: (expected: Event[]) => expect(decide()).toEqual(expected),
        thenRejects: (rejection: { kind: string; path?: string }) => expect(decide).toThrow(expect.objectContaining(rejection)),
      }
    },
  })
