import { useCallback } from 'react'
import { useSearch } from 'wouter'
import { navigate } from 'wouter/use-browser-location'
import { searchWithTab, tabOfSearch } from './class-room-tabs.ts'

/**
 * The open tab lives in the address (`?at=`), so a bookmark or a reload opens it again and the back
 * button steps between tabs. Choosing a tab pushes a history entry that keeps the entry's state
 * (the room and its subjects, carried from the link that opened the page), so no refetch follows.
 * `tabs` are the ids the teacher sees; any other `at=` opens the classroom tab.
 */
export const useClassRoomTab = (tabs: ReadonlyArray<string>): readonly [string, (tab: string) => void] => {
  const search = useSearch()
  const tab = tabOfSearch(search, tabs)
  const choose = useCallback(
    (next: string) => {
      const current = window.location.search
      if (tabOfSearch(current, tabs) === next) return
      navigate(window.location.pathname + searchWithTab(current, next), { state: window.history.state as unknown })
    },
    [tabs],
  )
  return [tab, choose] as const
}
