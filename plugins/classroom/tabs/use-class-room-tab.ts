import { useCallback } from 'react'
import { useSearch } from 'wouter'
import { navigate } from 'wouter/use-browser-location'
import { searchWithTab, tabOfSearch, type ClassRoomTab } from './class-room-tabs.ts'

/**
 * The open tab lives in the address (`?at=`), so a bookmark or a reload opens it again and the back
 * button steps between tabs. Choosing a tab pushes a history entry that keeps the entry's state
 * (the room and its subjects, carried from the link that opened the page), so no refetch follows.
 */
export const useClassRoomTab = (): readonly [ClassRoomTab, (tab: ClassRoomTab) => void] => {
  const search = useSearch()
  const tab = tabOfSearch(search)
  const choose = useCallback((next: ClassRoomTab) => {
    const current = window.location.search
    if (tabOfSearch(current) === next) return
    navigate(window.location.pathname + searchWithTab(current, next), { state: window.history.state as unknown })
  }, [])
  return [tab, choose] as const
}
