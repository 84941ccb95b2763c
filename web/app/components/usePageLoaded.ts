import {useEffect, useState} from 'react'

/** Whether the page has loaded (its `load` event has fired); false while prerendering and hydrating. */
export function usePageLoaded() {
  const [loaded, setLoaded] = useState(false)
  useEffect(() => {
    if (document.readyState === 'complete') return setLoaded(true)
    const onLoad = () => setLoaded(true)
    window.addEventListener('load', onLoad, {once: true})
    return () => window.removeEventListener('load', onLoad)
  }, [])
  return loaded
}
