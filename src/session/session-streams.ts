import { Subscription } from 'rxjs'
import type { SessionActor } from './session-provider.tsx'
import { activity$, visibility$ } from './activity.ts'
import { activityElsewhere$, shareActivity, signedOutElsewhere$ } from './other-tabs.ts'

/**
 * Feeds the session machine what the page and the other tabs do: activity (here and elsewhere),
 * the tab's visibility, a sign-out in another tab. Only a signed-in session needs any of it, so
 * session-provider loads this module (and rxjs with it) once someone is signed in: the sign-in
 * page never downloads it.
 */
export const connectSessionStreams = (actor: SessionActor): Subscription => {
  const here = activity$(window)
  const streams = new Subscription()
  streams.add(here.subscribe(() => actor.send({ type: 'session.activity' })))
  streams.add(shareActivity(here))
  streams.add(activityElsewhere$(window).subscribe(() => actor.send({ type: 'session.activityElsewhere' })))
  streams.add(visibility$(document).subscribe((visible) => actor.send({ type: 'session.visibilityChanged', visible })))
  streams.add(
    signedOutElsewhere$(window).subscribe(() => {
      if (actor.getSnapshot().hasTag('authenticated')) actor.send({ type: 'session.signOut' })
    }),
  )
  return streams
}
