/** The sell-your-car promo card placed between results (spec §2). */
export function PromoCard({ href }: { href: string }) {
  return (
    <div className="search-promo card">
      <h2 className="search-promo__title">We Want Your Car!</h2>
      <p className="search-promo__line">We buy all types of cars</p>
      <p className="search-promo__line">Our high turnover means we can pay more</p>
      <a className="button button--accent" href={href}>
        Value My Car
      </a>
    </div>
  );
}
