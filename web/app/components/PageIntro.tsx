/** A page's heading and introduction, as the CMS gives them. */
export function PageIntro({title, intro}: {title: string; intro: string}) {
  return (
    <header className="page-intro">
      <h1>{title}</h1>
      <p className="lead">{intro}</p>
    </header>
  )
}
